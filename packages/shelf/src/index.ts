// The application layer's whole public face: open a shelf, and the shapes
// its operations answer.
export type { DigestResult, SkillDigest } from "./digest.js";
export type { ImportChoices, ImportedSkill, ImportOutcome, ReadChoices } from "./import-flow.js";
export {
  decideLocations,
  type Env,
  type Locations,
  resolveDataDir,
  type ShelfOptions,
  skillsDirOf,
} from "./locations.js";
export {
  formatLock,
  type Lock,
  type LockedSkill,
  type LockedSource,
  lockJsonSchema,
  lockSchema,
  readLock,
} from "./lock.js";
export {
  type Manifest,
  type ManifestEntry,
  manifestJsonSchema,
  manifestSchema,
  readManifest,
} from "./manifest.js";
export { type OpenShelfOptions, type OpenShelfResult, openShelf } from "./open-shelf.js";
export { type Shelf, type ShelfListing, type SkillFilesResult, shelfOver } from "./shelf.js";
export {
  checkSignature,
  policyRefusal,
  type SignatureStatus,
  signatureStatusOf,
} from "./signature-status.js";
export type { SignedVerdict, SignedVerifyResult } from "./signed-verify.js";
export type { LockStatus, SyncOptions, SyncOutcome, SyncResult } from "./sync.js";
export { decideTrust, NO_TRUST, type Trust, type TrustOptions } from "./trust.js";
export type { UpdateOptions, UpdateOutcome, UpdateResult } from "./update.js";
export { readPackageVersion, toolName } from "./version.js";
