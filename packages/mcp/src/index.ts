// @skillshelf/mcp: the offered skills, served to any MCP host through the
// Skills extension (io.modelcontextprotocol/skills) over stdio or
// Streamable HTTP, each file read checked against its recorded digest.
export { type SkillSourceOptions, skillSourceOf } from "./catalog-source.js";
export { decodeCursor, encodeCursor, MAX_CURSOR_LENGTH } from "./cursor.js";
export {
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
export {
  bundleServability,
  isServable,
  MAX_MCP_BYTES,
  MAX_MCP_FILES,
  type McpWarning,
  mcpServability,
  type ServabilityFacts,
} from "./servability.js";
export { createSkillsServer, type SkillsServerOptions } from "./server.js";
export type {
  ServedFile,
  ServedSkill,
  SkillSource,
  SourceFile,
  SourceListing,
  SourceRefusal,
  SourceSkill,
} from "./skill-source.js";
export {
  fileUriOf,
  MAX_URI_LENGTH,
  type ParsedSkillUri,
  parseSkillUri,
  SKILL_SCHEME,
  type SkillUri,
  skillUriOf,
} from "./skill-uri.js";
export { serveStdio } from "./stdio.js";
