// The package's whole public face: reading a bundle, the rules a destination
// judges skill files by, and reading SKILL.md frontmatter. Its limits, the
// sentence of a refusal and the refusal types are @skillshelf/contract's,
// re-exported because a reader's caller needs them beside readBundle.
export { limits, maxArchiveBytes, message } from "@skillshelf/contract";
export { formatBytes } from "./format-bytes.js";
export { type Frontmatter, readFrontmatter } from "./frontmatter.js";
export { type JudgedFile, judgeSkillFiles } from "./judge-skill-files.js";
export { leadingLines } from "./leading-lines.js";
export {
  type BundleListing,
  type ListedSkill,
  type ListOptions,
  type ListResult,
  listBundle,
} from "./list-bundle.js";
export { readBundle } from "./read-bundle.js";
export { skillFileOf } from "./skill-file.js";
export { specWarningsOf } from "./spec-warnings.js";
export type {
  CatalogCode,
  CatalogOnlyCode,
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
