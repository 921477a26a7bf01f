// The package's whole public face: reading a bundle, its limits, and the
// refusal table every surface answers from.
export { formatBytes } from "./format-bytes.js";
export { type Frontmatter, readFrontmatter } from "./frontmatter.js";
export { limits } from "./limits.js";
export { readBundle } from "./read-bundle.js";
export {
  exitCode,
  httpStatus,
  isRefusal,
  message,
  refusalTable,
  sourceCodes,
  toRefusal,
} from "./refusals.js";
export { isValidId } from "./skill-id.js";
export { specWarningsOf } from "./spec-warnings.js";
export type {
  DestinationCode,
  DestinationRefusal,
  ReadOptions,
  ReadProgress,
  ReadResult,
  Refusal,
  RefusalCode,
  Skill,
  SkillFile,
  Source,
  SourceCode,
  UnsafePathReason,
  UploadFile,
  Warning,
  WarningCode,
} from "./types.js";
