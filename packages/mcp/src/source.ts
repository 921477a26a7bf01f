// @skillshelf/mcp/source: what the shelf needs from this package (the skill
// source over a pair of roots, the servability judgement, the skill:// URIs)
// without the MCP SDK, so that a command that serves nothing (check, import,
// list, payload) does not load the SDK, ajv and its schemas at start.
export { type SkillSourceOptions, skillSourceOf } from "./catalog-source.js";
export {
  bundleServability,
  isServable,
  MAX_MCP_BYTES,
  MAX_MCP_FILES,
  type McpWarning,
  mcpServability,
  type ServabilityFacts,
} from "./servability.js";
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
