// Loads one skill by id: the bytes on disk now, with the digest of exactly
// those bytes. It looks at `<builtin>/<id>` and `<managed>/<id>` only, so it
// costs the same whatever the roots hold; only a failed lookup lists the
// roots, to name the ids that do exist. An id that breaks the id rule is
// refused before any path is built from it, so `../x` reads nothing.
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { catalog } from "./catalog.js";
import { describeInvalidId, isValidId } from "./id.js";
import { type Inspection, inspectSkill } from "./inspect-skill.js";
import { refuseDefinedTwice } from "./merge.js";
import { type RootsLike, resolveRoots } from "./roots.js";
import type { LoadResult, Origin } from "./types.js";

/** Inspects `<root>/<id>` alone: absent unless it is a directory or a link. */
export async function inspectAt(root: string, id: string, origin: Origin): Promise<Inspection> {
  try {
    const stats = await lstat(join(root, id));
    if (stats.isDirectory()) return await inspectSkill(root, id, origin, "directory");
    if (stats.isSymbolicLink()) return await inspectSkill(root, id, origin, "link");
    return { kind: "absent" };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    throw error;
  }
}

/** The skill `id` as it is on disk now, or why it is not offered. */
export async function load(roots: RootsLike, id: string): Promise<LoadResult> {
  if (!isValidId(id)) {
    return { ok: false, refusal: { code: "unknown-skill", id, reason: describeInvalidId(id) } };
  }
  const { builtin, managed } = resolveRoots(roots);
  const [inBuiltin, inManaged] = await Promise.all([
    inspectAt(builtin, id, "builtin"),
    managed === undefined ? ({ kind: "absent" } as const) : inspectAt(managed, id, "managed"),
  ]);
  if (inBuiltin.kind !== "absent" && inManaged.kind !== "absent") {
    const twice = refuseDefinedTwice(id, join(builtin, id), join(managed!, id));
    return { ok: false, refusal: { code: twice.code, id, reason: twice.reason } };
  }
  const found = inBuiltin.kind !== "absent" ? inBuiltin : inManaged;
  if (found.kind === "offered") return { ok: true, skill: found.skill };
  if (found.kind === "refused") {
    return { ok: false, refusal: { code: found.refused.code, id, reason: found.refused.reason } };
  }
  return {
    ok: false,
    refusal: { code: "unknown-skill", id, reason: await describeUnknown(roots, id) },
  };
}

async function describeUnknown(roots: RootsLike, id: string): Promise<string> {
  const { skills } = await catalog(roots);
  if (skills.length === 0) return `there is no skill '${id}', and no skills are offered`;
  const shown = skills.slice(0, 20).map((skill) => skill.id);
  const more = skills.length > shown.length ? `, and ${skills.length - shown.length} more` : "";
  return `there is no skill '${id}'; available: ${shown.join(", ")}${more}`;
}
