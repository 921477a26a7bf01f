// Loads one skill by id: the bytes held now, with the digest of exactly
// those bytes. It looks at `<builtin>/<id>` and the managed store's `id`
// only, so it costs the same whatever the roots hold; only a failed lookup
// lists the roots, to name the ids that do exist. An id that breaks the id
// rule is refused before any path is built from it, so `../x` reads nothing.
// Its refusals are the catalog's, field for field, for the same entry.

import { isValidId, message } from "@skillshelf/contract";
import { catalog } from "./catalog.js";
import { locateSkill } from "./locate.js";
import { type RootsLike, resolveRoots } from "./roots.js";
import type { LoadRefusal, LoadResult } from "./types.js";

const unknown = (id: string, detail?: string): LoadResult => {
  const refusal =
    detail === undefined
      ? { code: "unknown-skill" as const, skill: id }
      : { code: "unknown-skill" as const, skill: id, detail };
  return { ok: false, refusal: { id, ...refusal, reason: message(refusal) } as LoadRefusal };
};

/** The skill `id` as it is held now, or why it is not offered. */
export async function load(roots: RootsLike, id: string): Promise<LoadResult> {
  if (!isValidId(id)) return unknown(id, "it is not a valid id");
  const found = await locateSkill(resolveRoots(roots), id);
  if (found.kind === "offered") return { ok: true, skill: found.skill };
  if (found.kind === "refused") return { ok: false, refusal: found.refused };
  return unknown(id, await describeAvailable(roots));
}

async function describeAvailable(roots: RootsLike): Promise<string> {
  const { skills } = await catalog(roots);
  if (skills.length === 0) return "no skills are offered";
  const shown = skills.slice(0, 20).map((skill) => skill.id);
  const more = skills.length > shown.length ? `, and ${skills.length - shown.length} more` : "";
  return `available: ${shown.join(", ")}${more}`;
}
