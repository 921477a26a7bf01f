// Whether the catalog could have changed, told from `lstat` alone. A caller
// that keeps what it made from a catalog (the MCP source keeps its listing)
// must notice a SKILL.md edited by hand at once, yet reading and judging
// every SKILL.md to learn that nothing changed is the whole cost of a
// catalog read. The stamp names, for each root, every entry that may be a
// skill and its SKILL.md's device, inode, mode, size, modification and
// change times: an edit, a replacement or a rename of a skill directory
// moves the change time (ctime), which no unprivileged process can set back.
// Only what the catalog reads is stamped: a skill's other files and its
// record are not, and the caller bounds how long it trusts those (the MCP
// source, admissions.ts).
//
// A change time is as coarse as its file system's clock (a jiffy on ext4,
// one second on ext3, two on FAT), so a SKILL.md changed twice within one
// tick, once before a stamp and once after, could keep its stamp: as git
// does with its index, a stamp is not given while any SKILL.md changed less
// than RACY_MS before it is taken, and the caller reads the catalog instead.
// A file system whose clock runs behind this process's by more than that
// can defeat the rule; the caller's own age bound still holds there.

import { stampRoot } from "./directory-root.js";
import type { Roots } from "./roots.js";

/** How long after a SKILL.md changed its stamp is not trusted. */
export const RACY_MS = 2_000;

/**
 * The stamp of what `catalog(roots)` would read now: equal stamps mean no
 * SKILL.md changed between them; undefined when the roots cannot be stamped
 * (a store without `stamp`, a SKILL.md changed within RACY_MS of `now`).
 */
export async function catalogStamp(
  roots: Roots,
  now: number = Date.now(),
): Promise<string | undefined> {
  const { managed } = roots;
  if (managed !== undefined && managed.stamp === undefined) return undefined;
  const [builtin, stored] = await Promise.all([
    stampRoot(roots.builtin, now, RACY_MS),
    managed === undefined ? "" : managed.stamp!(now),
  ]);
  if (builtin === undefined || stored === undefined) return undefined;
  return `${builtin}\n\n${stored}`;
}
