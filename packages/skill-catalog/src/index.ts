export { catalog, catalogWithBodies, revision } from "./catalog.js";
export { revisionOf } from "./digest.js";
export { isValidId, MAX_SKILL_FILE_BYTES } from "./id.js";
export { check, install } from "./install.js";
export { load } from "./load.js";
export { remove } from "./remove.js";
export { catalogReport, skillReport } from "./report.js";
export { type RootsLike, SkillRoots } from "./roots.js";
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
