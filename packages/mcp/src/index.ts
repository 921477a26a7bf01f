// @skillshelf/mcp: the offered skills, served to any MCP host through the
// Skills extension (io.modelcontextprotocol/skills) over stdio or
// Streamable HTTP, each file read checked against its recorded digest.
// Everything of ./source.js (the SDK-free part) is exported here too.

export { decodeCursor, encodeCursor, MAX_CURSOR_LENGTH } from "./cursor.js";
export {
  FINDINGS_META_KEY,
  SIGNER_META_KEY,
  type SkillEntry,
  type SkillResourceEntry,
  skillEntryOf,
} from "./entries.js";
export type { ErrorData } from "./errors.js";
export { createMcpHttpHandler, type McpHttpHandler, type McpHttpOptions } from "./http.js";
export {
  DIRECTORY_READ_METHOD,
  SKILLS_EXTENSION_ID,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
} from "./methods.js";
export { DIRECTORY_MIME_TYPE, mimeTypeOf } from "./mime.js";
export { createSkillsServer, type SkillsServerOptions } from "./server.js";
export * from "./source.js";
export { serveStdio } from "./stdio.js";
