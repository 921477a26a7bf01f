// The vocabulary every skillshelf package shares: the refusal codes, the one
// table that gives each its sentence (per surface), HTTP status and exit
// code, the one refusal type, the id rule, the limits, path order, the path
// rule and the one way bytes become text. It depends on nothing, so every
// package, the reader included, can import it.
export {
  catalogCodes,
  destinationCodes,
  isWithholdingCode,
  sourceCodes,
  type WithholdingCode,
  withholdingCodes,
} from "./codes.js";
export { type Concern, concerning, countBySkill } from "./concerns.js";
export { formatBytes, formatCount } from "./format-bytes.js";
export { ID_PATTERN, isValidId, MAX_ID_LENGTH } from "./id.js";
export {
  limits,
  MAX_ARCHIVE_BYTES,
  MAX_BYTES,
  MAX_ENTRIES,
  MAX_PATH_BYTES,
  MAX_PAYLOAD_BYTES,
  MAX_SEGMENT_BYTES,
  MAX_SKILL_FILE_BYTES,
  maxArchiveBytes,
} from "./limits.js";
export { comparePaths, sortByPath } from "./path-order.js";
export { checkPath, PathChecker, type PathVerdict } from "./paths.js";
export { isProcessAlive } from "./process-alive.js";
export type {
  CatalogCode,
  CatalogOnlyCode,
  Code,
  DestinationCode,
  Refusal,
  SourceCode,
  SourceRefusal,
  UnsafePathReason,
} from "./refusal.js";
export {
  exitCode,
  httpStatus,
  isRefusal,
  message,
  type RootPlaces,
  refusalTable,
  remotePath,
  remoteRefusal,
  toRefusal,
} from "./refusals.js";
export { decodeText, isText } from "./text.js";
export { type Option, type Surface, surfaces } from "./wording.js";
