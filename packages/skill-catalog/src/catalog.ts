// The catalog: every offered skill and every refusal over both roots, with
// the revision that names the offered set. `catalogWithBodies` keeps each
// text beside its digest from the one read that produced both, for callers
// (the payload) that must never pair a digest with a later body.
import { revisionOf } from "./digest.js";
import type { Inspection } from "./inspect-skill.js";
import { mergeRoots } from "./merge.js";
import { type RootsLike, resolveRoots } from "./roots.js";
import { scanRoot } from "./scan-root.js";
import { settleStaging } from "./staging.js";
import type {
  Catalog,
  CatalogWithBodies,
  LoadedSkill,
  OfferedSkill,
  RefusedSkill,
} from "./types.js";

/** Offered skills with their texts, refusals, and the revision, over both roots. */
export async function catalogWithBodies(roots: RootsLike): Promise<CatalogWithBodies> {
  return collect(roots, (skill) => skill);
}

/** Offered skills and refusals over both roots, each sorted by id, and the revision. */
export async function catalog(roots: RootsLike): Promise<Catalog> {
  return collect(roots, ({ text: _text, ...skill }): OfferedSkill => skill);
}

/** Scans both roots, passing each offered skill through `shape` as soon as it is judged. */
async function collect<S extends OfferedSkill>(
  roots: RootsLike,
  shape: (skill: LoadedSkill) => S,
): Promise<{ skills: S[]; refused: RefusedSkill[]; revision: string }> {
  const { builtin, managed } = resolveRoots(roots);
  if (managed !== undefined) await settleStaging(managed);
  const [fromBuiltin, fromManaged] = await Promise.all([
    scanRoot(builtin, "builtin", shape),
    managed === undefined ? new Map<string, Inspection<S>>() : scanRoot(managed, "managed", shape),
  ]);
  const { skills, refused } = mergeRoots(fromBuiltin, fromManaged);
  return { skills, refused, revision: revisionOf(skills) };
}

/** The revision of the offered set: it moves when any offered body changes. */
export async function revision(roots: RootsLike): Promise<string> {
  return (await catalog(roots)).revision;
}
