// The catalog: every offered skill and every refusal over both roots, with
// the revision that names the offered set. `catalogWithBodies` keeps each
// text beside its digest from the one read that produced both, for callers
// (the payload) that must never pair a digest with a later body. The builtin
// root is read as a directory and the managed store through its interface;
// every entry of either is judged by the same function (inspect-skill.ts).

import { revisionOf } from "./digest.js";
import { listRoot } from "./directory-root.js";
import { type Inspection, judgeEntry } from "./inspect-skill.js";
import { mergeRoots, type Placed } from "./merge.js";
import type { Roots } from "./roots.js";
import type { StoredEntry } from "./store.js";
import type { Catalog, CatalogWithBodies, OfferedSkill, Origin, RefusedSkill } from "./types.js";

/** Offered skills with their texts, refusals, and the revision, over both roots. */
export async function catalogWithBodies(roots: Roots): Promise<CatalogWithBodies> {
  return collect(roots, (entry, origin) => judgeEntry(entry, origin));
}

/** Offered skills and refusals over both roots, each sorted by id, and the revision. */
export async function catalog(roots: Roots): Promise<Catalog> {
  // No text: only as much of each SKILL.md is decoded as its identity needs.
  return collect(roots, (entry, origin) => judgeEntry(entry, origin, { text: false }));
}

type Judge<S extends OfferedSkill> = (entry: StoredEntry, origin: Origin) => Inspection<S>;

/** Judges entries of one root into a map by name. */
function placeEach<S extends OfferedSkill>(
  origin: Origin,
  judge: Judge<S>,
  into: Map<string, Placed<S>>,
): (entry: StoredEntry) => void {
  return (entry) => {
    const inspection = judge(entry, origin);
    if (inspection.kind === "absent") return;
    into.set(entry.name, { dir: entry.dir, inspection });
  };
}

/** Reads both roots, judging each entry as soon as it is read. */
async function collect<S extends OfferedSkill>(
  roots: Roots,
  judge: Judge<S>,
): Promise<{ skills: S[]; refused: RefusedSkill[]; revision: string }> {
  const { builtin, managed } = roots;
  const fromBuiltin = new Map<string, Placed<S>>();
  const fromManaged = new Map<string, Placed<S>>();
  await Promise.all([
    listRoot(builtin, placeEach("builtin", judge, fromBuiltin)),
    managed?.list().then((entries) => entries.forEach(placeEach("managed", judge, fromManaged))),
  ]);
  const { skills, refused } = mergeRoots(fromBuiltin, fromManaged);
  return { skills, refused, revision: revisionOf(skills) };
}

/** The revision of the offered set: it moves when any offered body changes. */
export async function revision(roots: Roots): Promise<string> {
  return (await catalog(roots)).revision;
}
