// The conformance kit's whole public face: the case format, the cases, the
// builders that turn a case into each form, and the runner every surface
// (library, CLI, HTTP, browser) reuses.

export { buildFolder } from "./build-folder.js";
export {
  archiveFileName,
  archiveSourceOf,
  type BuildOptions,
  buildInput,
} from "./build-input.js";
export { buildUploads } from "./build-uploads.js";
export { costliestFrontmatter, deepBracketsPastSkillLimit } from "./cases/frontmatter-stalls.js";
export { cases } from "./cases/index.js";
export { formsOf } from "./forms.js";
export { mutationArbitrary, paxRecordsArbitrary } from "./fuzz/arbitraries.js";
export {
  applyMutations,
  fuzzSeeds,
  type InsertedHeader,
  type Mutation,
  resealHeaders,
} from "./fuzz/mutate.js";
export {
  applyZipMutations,
  type ZipMutation,
  zipFuzzSeeds,
  zipMutationArbitrary,
} from "./fuzz/zip-mutate.js";
export { casesFor, makeScratchDir, runConformance, type Surface } from "./run-conformance.js";
export { buildTar, buildTarGz, tarChunks } from "./tar/build-tar.js";
export { BLOCK, checksumOf, writeHeader } from "./tar/header.js";
export { paxBody, paxRecord } from "./tar/pax.js";
export type {
  ArchiveTweak,
  BuiltInput,
  Case,
  CaseOptions,
  Entry,
  EntryKind,
  Form,
  PathReason,
  ReadFinding,
  ReadOutcome,
  ReadWarning,
  RefusalCode,
  TarTweak,
  UploadFile,
  Verdict,
  VerdictSkill,
  ZipArchiveTweak,
  ZipTweak,
} from "./types.js";
export { allForms, archiveForms } from "./types.js";
export {
  expectedVerdict,
  findingLine,
  type ListedSkill,
  projectVerdict,
  type Stage,
  verdictOf,
  verdictOfListing,
  verdictOfRefusal,
} from "./verdict.js";
export { buildZip, zipMembersOf } from "./zip/build-zip.js";
export { crc32, deflateZeros } from "./zip/deflate.js";
export { writeZip, type ZipMember, type ZipOptions } from "./zip/write-zip.js";
