// The package's whole public face: reading a bundle, its limits, the rules a
// destination judges skill files by, reading SKILL.md frontmatter, and the
// refusal table every surface answers from, and the findings of what a
// skill's bytes hide from a reader.

export { catalogCodes, destinationCodes, sourceCodes } from "./codes.js";
export { acceptFindings, type FindingsVerdict } from "./findings/accept.js";
export { type FindingsInput, findingsOf, MAX_FINDINGS_PER_FILE } from "./findings/findings-of.js";
export { findingSentences } from "./findings/sentences.js";
export {
  type Finding,
  type FindingCode,
  type FindingSeverity,
  type FindingsFile,
  findingCodes,
} from "./findings/types.js";
export { formatBytes } from "./format-bytes.js";
export { type Frontmatter, type FrontmatterOptions, readFrontmatter } from "./frontmatter.js";
export { type FrontmatterBlock, readFrontmatterBlock } from "./frontmatter-block.js";
export {
  type FrontmatterBound,
  MAX_BUNDLE_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_DEPTH,
  MAX_FRONTMATTER_KEYS,
  MAX_SKILL_FILE_BYTES,
  MAX_WARNINGS,
} from "./frontmatter-bounds.js";
export { type JudgedFile, judgeSkillFiles } from "./judge-skill-files.js";
export { leadingLines } from "./leading-lines.js";
export { limits, MAX_BYTES, MAX_ENTRIES, maxArchiveBytes } from "./limits.js";
export {
  type BundleListing,
  type ListedSkill,
  type ListOptions,
  type ListResult,
  listBundle,
} from "./list-bundle.js";
export { MAX_PATH_BYTES, MAX_SEGMENT_BYTES } from "./paths.js";
export { readBundle } from "./read-bundle.js";
export {
  exitCode,
  httpStatus,
  isRefusal,
  message,
  refusalTable,
  toRefusal,
} from "./refusals.js";
export { skillFileOf } from "./skill-file.js";
export { ID_PATTERN, isValidId, MAX_ID_LENGTH } from "./skill-id.js";
export { DEFAULT_GIT_TIMEOUT_MS } from "./sources/git.js";
export {
  type GitSpec,
  type GitSpecResult,
  isGitSpec,
  parseGitSource,
  stripCredentials,
} from "./sources/git-spec.js";
export { GIT_TEMP_PREFIX } from "./sources/git-temp.js";
export { specWarningsOf } from "./spec-warnings.js";
export type {
  CatalogCode,
  CatalogOnlyCode,
  DestinationCode,
  DestinationRefusal,
  GitOrigin,
  GitSource,
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
