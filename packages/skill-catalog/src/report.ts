// The JSON shapes a surface prints for a catalog and for one skill: only the
// fields that describe the store, never a body.
import type { Catalog, CatalogReport, OfferedSkill, SkillReport } from "./types.js";

/** `{ id, origin, path, digest, bytes, description? }` of one offered skill. */
export function skillReport(skill: OfferedSkill): SkillReport {
  return {
    id: skill.id,
    origin: skill.origin,
    path: skill.path,
    digest: skill.digest,
    bytes: skill.bytes,
    ...(skill.description === undefined ? {} : { description: skill.description }),
  };
}

/** `{ index, refused, revision }` of a whole catalog. */
export function catalogReport(catalog: Catalog): CatalogReport {
  return {
    index: catalog.skills.map(skillReport),
    refused: catalog.refused.map(({ id, code, reason }) => ({ id, code, reason })),
    revision: catalog.revision,
  };
}
