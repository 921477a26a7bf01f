// The catalog: every offered skill and every refusal over both roots, with
// the revision that names the offered set. `catalogWithBodies` keeps each
// text beside its digest from the one read that produced both, for callers
// (the payload) that must never pair a digest with a later body.
import { revisionOf } from "./digest.js";
import { mergeRoots } from "./merge.js";
import { type RootsLike, resolveRoots } from "./roots.js";
import { scanRoot } from "./scan-root.js";
import { settleStaging } from "./staging.js";
import type { Catalog, CatalogWithBodies, OfferedSkill } from "./types.js";

/** Offered skills with their texts, refusals, and the revision, over both roots. */
export async function catalogWithBodies(roots: RootsLike): Promise<CatalogWithBodies> {
  const { builtin, managed } = resolveRoots(roots);
  if (managed !== undefined) await settleStaging(managed);
  const [fromBuiltin, fromManaged] = await Promise.all([
    scanRoot(builtin, "builtin"),
    managed === undefined ? new Map() : scanRoot(managed, "managed"),
  ]);
  const { skills, refused } = mergeRoots(fromBuiltin, fromManaged);
  return { skills, refused, revision: revisionOf(skills) };
}

/** Offered skills and refusals over both roots, each sorted by id, and the revision. */
export async function catalog(roots: RootsLike): Promise<Catalog> {
  const full = await catalogWithBodies(roots);
  return {
    skills: full.skills.map(({ text: _text, ...skill }): OfferedSkill => skill),
    refused: full.refused,
    revision: full.revision,
  };
}

/** The revision of the offered set: it moves when any offered body changes. */
export async function revision(roots: RootsLike): Promise<string> {
  return (await catalogWithBodies(roots)).revision;
}
