// The package's whole public face: reading a bundle (a folder, an archive,
// an upload or a git repository), the rules a destination judges skill files
// by, the one walk of a tree on disk, as a stored skill's tree is walked
// (and the directory held open that each of its files is read through),
// reading SKILL.md frontmatter within its bounds, and the findings of what a
// skill's bytes hide from a reader. Its limits, the sentence of a refusal and
// the refusal types are @skillshelf/contract's, re-exported because a
// reader's caller needs them beside readBundle.
export { formatBytes, limits, maxArchiveBytes, message } from "@skillshelf/contract";
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
export { type Frontmatter, type FrontmatterOptions, readFrontmatter } from "./frontmatter.js";
export { type FrontmatterBlock, readFrontmatterBlock } from "./frontmatter-block.js";
export {
  type FrontmatterBound,
  MAX_BUNDLE_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_DEPTH,
  MAX_FRONTMATTER_KEYS,
  MAX_WARNINGS,
} from "./frontmatter-bounds.js";
export { type JudgedFile, judgeSkillFiles, judgeSkillPaths } from "./judge-skill-files.js";
export { leadingLines } from "./leading-lines.js";
export {
  type BundleListing,
  type JudgeSkill,
  type ListedSkill,
  type ListOptions,
  type ListResult,
  listBundle,
} from "./list-bundle.js";
export { readBundle } from "./read-bundle.js";
export { skillFileOf } from "./skill-file.js";
export { skillFileFrontmatter } from "./skill-frontmatter.js";
export { type SkillNaming, skillNaming } from "./skill-naming.js";
export {
  type ResolvedRef,
  type ResolveRefOptions,
  resolveGitRef,
} from "./sources/git-resolve.js";
export {
  type GitSpec,
  type GitSpecResult,
  isGitSpec,
  parseGitSource,
  stripCredentials,
} from "./sources/git-spec.js";
export { GIT_TEMP_PREFIX } from "./sources/git-temp.js";
export { DEFAULT_GIT_TIMEOUT_MS } from "./sources/git-timeout.js";
export { specWarningsOf } from "./spec-warnings.js";
export {
  DIRECTORY_SWAPPED,
  type HeldDirectory,
  type HeldOpen,
  handlesAreNamed,
  holdChild,
  holdDirectory,
  pathInHeld,
  releaseDirectory,
  stillHeld,
} from "./tree/held-directory.js";
export { type StoredTreeEnd, type StoredTreeEntry, walkStoredTree } from "./tree/stored-tree.js";
export type { TreeFailure } from "./tree/walk-tree.js";
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
