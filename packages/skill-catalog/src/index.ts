export {
  type Admission,
  admitSkill,
  type ServeOptions,
  type SignatureJudge,
  type SignatureJudgement,
  type Signer,
} from "./admit-skill.js";
export { type ApproveOptions, type ApproveResult, approve } from "./approve.js";
export { catalog, catalogWithBodies, revision } from "./catalog.js";
export { catalogStamp, RACY_MS } from "./catalog-stamp.js";
export { revisionOf } from "./digest.js";
export { DirectoryStore } from "./directory-store.js";
export { type GatedCatalog, type GateOptions, gateCatalog } from "./gate-catalog.js";
export { judgeEntry } from "./inspect-skill.js";
export { applySet, check, install } from "./install.js";
export { KNOWN_SKILLS, storedFindings, storedSpecWarnings, treeFindings } from "./known-skills.js";
export { load } from "./load.js";
export { type PayloadUse, payloadUse, refusePayloadTooLarge } from "./payload-bound.js";
export { builtinClash } from "./plan-install.js";
export { MAX_RECORD_BYTES } from "./read-record.js";
export type { FileRead, SkillFileRead } from "./read-skill-file.js";
export {
  type InstallRecord,
  isSignatureFile,
  type RecordedSignature,
  type RecordedSource,
  type Tree,
  type TreeFile,
  treeDigestOf,
  treeOf,
} from "./record.js";
export { checkRecord, type RecordRead, usableRecord } from "./record-shape.js";
export { remove } from "./remove.js";
export { catalogReport, listSkills, skillReport } from "./report.js";
export type { Roots } from "./roots.js";
export {
  describeSkill,
  readOfferedFile,
  readSkillFiles,
  readStoredFile,
  type SkillDescription,
  type SkillFileSummary,
  type SkillFilesResult,
  type StoredFileResult,
  summarizeFiles,
} from "./skill-files.js";
export type {
  Admit,
  ManagedStore,
  StagedSkill,
  StoreApply,
  StoreChange,
  StoredEntry,
  StoredFile,
  StoredFiles,
  StoreUsage,
  StoreView,
  StoreWriteResult,
} from "./store.js";
export { type StoredFileStream, streamStoredFile } from "./stream-stored-file.js";
export { distrustOf, vouchedTree } from "./trust-gate.js";
export type {
  Catalog,
  CatalogCode,
  CatalogReport,
  CatalogWithBodies,
  InstalledSkill,
  InstallOptions,
  InstallResult,
  LoadedSkill,
  LoadRefusal,
  LoadResult,
  OfferedSkill,
  Origin,
  RefusedSkill,
  RemoveResult,
  SkillReport,
} from "./types.js";
export { validateSkill } from "./validate-skill.js";
export {
  compareTrees,
  type FileDrift,
  type Verdict,
  type VerifyOptions,
  type VerifyResult,
  verify,
} from "./verify.js";
