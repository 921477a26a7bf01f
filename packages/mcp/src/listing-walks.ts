// One read of the catalog per walk through a paginated list. A host lists
// 1,000 skills in ten pages; reading the whole catalog and every record
// again for each page made a walk ten catalog reads. The skills a page was
// cut from are kept under the cursor that page handed out, so the next page
// of the same walk is cut from the same snapshot (one consistent listing,
// read once); a walk always starts with a fresh read, a cursor no longer
// kept (too old, or pushed out) is answered from a fresh read, and cursors
// stay keys, so either way the page boundary holds. Kept per source, so the
// stateless HTTP endpoint, which makes a server per request, shares them.
import type { ServedSkill, SkillSource } from "./skill-source.js";

/** Snapshots kept per source at once; the oldest goes first. */
const MAX_WALKS = 64;
/** How long a snapshot answers the next page of its walk. */
const MAX_AGE_MS = 30_000;

type Snapshot = { skills: ServedSkill[]; at: number };

const walksBySource = new WeakMap<SkillSource, Map<string, Snapshot>>();

/** The snapshot a cursor was handed out with, if still kept. */
export function snapshotOf(
  source: SkillSource,
  cursor: string | undefined,
): ServedSkill[] | undefined {
  if (cursor === undefined) return undefined;
  const walks = walksBySource.get(source);
  const kept = walks?.get(cursor);
  if (kept === undefined) return undefined;
  if (Date.now() - kept.at > MAX_AGE_MS) {
    walks?.delete(cursor);
    return undefined;
  }
  return kept.skills;
}

/** Keeps `skills` as the snapshot the next page after `nextCursor` is cut from. */
export function keepSnapshot(
  source: SkillSource,
  nextCursor: string | undefined,
  skills: ServedSkill[],
  at: number = Date.now(),
): void {
  if (nextCursor === undefined) return;
  let walks = walksBySource.get(source);
  if (walks === undefined) {
    walks = new Map();
    walksBySource.set(source, walks);
  }
  walks.delete(nextCursor);
  walks.set(nextCursor, { skills, at });
  while (walks.size > MAX_WALKS) {
    const oldest = walks.keys().next().value;
    if (oldest === undefined) break;
    walks.delete(oldest);
  }
}

/** Forgets every snapshot of `source` (the source reported a change). */
export function forgetSnapshots(source: SkillSource): void {
  walksBySource.delete(source);
}
