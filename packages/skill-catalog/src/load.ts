// Loads one skill by id: the bytes held now, with the digest of exactly
// those bytes. It looks at `<builtin>/<id>` and the managed store's `id`
// only, so it costs the same whatever the roots hold; only a failed lookup
// lists the roots, to name the ids that do exist. An id that is not one plain
// name is refused before any path is built from it, so `../x` reads nothing;
// a plain name that breaks the id rule (`Bad`) is looked up, so its refusal
// is the catalog's, field for field, for the same entry.

import { isValidId, message } from "@skillshelf/contract";
import { catalog } from "./catalog.js";
import { locateName } from "./locate.js";
import type { Roots } from "./roots.js";
import type { LoadRefusal, LoadResult } from "./types.js";

const unknown = (id: string, detail?: string): LoadResult => {
  const refusal =
    detail === undefined
      ? { code: "unknown-skill" as const, skill: id }
      : { code: "unknown-skill" as const, skill: id, detail };
  return { ok: false, refusal: { id, ...refusal, reason: message(refusal) } as LoadRefusal };
};

/** The skill `id` as it is held now, or why it is not offered. */
export async function load(roots: Roots, id: string): Promise<LoadResult> {
  const found = await locateName(roots, id);
  if (found.kind === "offered") return { ok: true, skill: found.skill };
  if (found.kind === "refused") return { ok: false, refusal: found.refused };
  if (!isValidId(id)) return unknown(id, "it is not a valid id");
  return unknown(id, await describeAvailable(roots));
}

async function describeAvailable(roots: Roots): Promise<string> {
  const { skills } = await catalog(roots);
  if (skills.length === 0) return "no skills are offered";
  const shown = skills.slice(0, 20).map((skill) => skill.id);
  const more = skills.length > shown.length ? `, and ${skills.length - shown.length} more` : "";
  return `available: ${shown.join(", ")}${more}`;
}
