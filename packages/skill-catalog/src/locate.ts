// Finds one id in both roots and judges it, the way the catalog would: the
// builtin directory's entry and the managed store's, never a listing. Load,
// install (a builtin id is never written), remove and the file readers all
// start here, so none of them climbs through the whole catalog.

import { isValidId } from "@skillshelf/contract";
import { inspectRoot } from "./directory-root.js";
import { type Inspection, judgeEntry } from "./inspect-skill.js";
import { refuseDefinedTwice } from "./merge.js";
import type { Roots } from "./roots.js";
import type { StoredEntry } from "./store.js";
import type { Origin } from "./types.js";

/** Where the entry was found, beside what it is. */
export type Located = Inspection & { origin?: Origin; entry?: StoredEntry };

/** Judges `id` (already known to obey the id rule) over both roots. */
export async function locateSkill(roots: Roots, id: string): Promise<Located> {
  const [inBuiltin, inManaged] = await Promise.all([
    Promise.resolve().then(() => inspectRoot(roots.builtin, id)),
    roots.managed?.inspect(id),
  ]);
  const builtin = inBuiltin === undefined ? undefined : judgeEntry(inBuiltin, "builtin");
  const managed = inManaged === undefined ? undefined : judgeEntry(inManaged, "managed");
  const present = (i: Inspection | undefined): i is Exclude<Inspection, { kind: "absent" }> =>
    i !== undefined && i.kind !== "absent";
  if (present(builtin) && present(managed)) {
    return { kind: "refused", refused: refuseDefinedTwice(id, inBuiltin!.dir, inManaged!.dir) };
  }
  if (present(builtin)) return { ...builtin, origin: "builtin", entry: inBuiltin! };
  if (present(managed)) return { ...managed, origin: "managed", entry: inManaged! };
  return { kind: "absent" };
}

/**
 * Whether `name` can only ever name an entry directly inside a root: one
 * path segment, not a dot-entry, no separator or NUL, at most 255 bytes. An
 * id that breaks the id rule but is such a name (`Bad`) is looked up, so it
 * gets the catalog's own refusal; anything else (`../x`) builds no path.
 */
export function isPlainName(name: string): boolean {
  return (
    name !== "" &&
    !name.startsWith(".") &&
    !/[/\\\0]/.test(name) &&
    Buffer.byteLength(name, "utf8") <= 255
  );
}

/** Judges `id` over both roots when it is a plain name, the catalog's refusal included. */
export async function locateName(roots: Roots, id: string): Promise<Located> {
  if (!isValidId(id) && !isPlainName(id)) return { kind: "absent" };
  return locateSkill(roots, id);
}
