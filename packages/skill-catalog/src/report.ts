// The JSON shapes a surface prints for a catalog and for one skill: only the
// fields that describe the store, never a body. `listSkills` gathers what
// `list` shows beside the catalog: each managed skill's record (with its
// recorded tree digest) and how much of the payload bound the offered
// bodies use.
import { catalogWithBodies } from "./catalog.js";
import { type PayloadUse, payloadUse } from "./payload-bound.js";
import type { InstallRecord } from "./record.js";
import type { Roots } from "./roots.js";
import type {
  Catalog,
  CatalogReport,
  CatalogWithBodies,
  OfferedSkill,
  SkillReport,
} from "./types.js";

/** `{ id, origin, path, digest, bytes, description? }` of one offered skill, with its record when it has one. */
export function skillReport(skill: OfferedSkill, record?: InstallRecord): SkillReport {
  const report: SkillReport = {
    id: skill.id,
    origin: skill.origin,
    path: skill.path,
    digest: skill.digest,
    bytes: skill.bytes,
    ...(skill.description === undefined ? {} : { description: skill.description }),
  };
  if (record !== undefined) {
    report.treeDigest = record.tree.digest;
    report.record = record;
  }
  return report;
}

/** `{ index, refused, revision }` of a whole catalog, with the records given by id. */
export function catalogReport(
  catalog: Catalog,
  records: ReadonlyMap<string, InstallRecord> = new Map(),
): CatalogReport {
  return {
    index: catalog.skills.map((skill) =>
      skillReport(skill, skill.origin === "managed" ? records.get(skill.id) : undefined),
    ),
    refused: catalog.refused.map(({ id, code, reason }) => ({ id, code, reason })),
    revision: catalog.revision,
  };
}

/** The catalog (each skill with its text), the managed store's records by id, and the payload bound's use. */
export async function listSkills(roots: Roots): Promise<{
  catalog: CatalogWithBodies;
  records: Map<string, InstallRecord>;
  payload: PayloadUse;
}> {
  const { managed } = roots;
  const found = await catalogWithBodies(roots);
  const records = new Map((await (managed?.records() ?? [])).map((r) => [r.id, r] as const));
  return { catalog: found, records, payload: payloadUse(found.skills) };
}
