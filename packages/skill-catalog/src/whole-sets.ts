// A directory store's readers see a change whole or not at all. A change
// lands as one rename per skill (staging.ts), so a listing taken between two
// of them would offer one skill of a bundle installed together, or a set
// with one skill replaced and its partner not yet: a payload written then
// hands a worker half a set. Writers say what readers need to know in two
// marks: the commit journal is present from before the first rename until
// after the last (staging.ts), and `.generation` is given a new random value
// once the renames are made, before the journal goes (written over in place,
// so that a full disk cannot fail a change at this step). A listing is kept
// only if no journal was present before and after it and the generation did
// not change across it, a sequence lock: a change that moved anything while
// the listing was read either still has its journal at the end or has
// changed the generation. Otherwise the listing is read again, after a short
// wait, while a writer that may still be running holds the lock: a journal
// nobody is applying (its writer died, and this reader cannot recover it,
// say on a read-only mount) is not waited for, and a reader that outlasts
// MAX_WAIT_MS (a writer stopped mid-change and still alive) takes the
// listing as it stands rather than never answering.
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isLockHeld } from "./lock.js";
import { readMarker } from "./marker-file.js";
import { GENERATION, isTransactionName, JOURNAL, STAGING } from "./staging.js";

/** How long a reader waits for a change to finish moving skills into place. */
export const MAX_WAIT_MS = 5_000;

/** The generation's value is 16 random bytes in hex; more is never read. */
const GENERATION_CHARS = 32;

/**
 * What `read` answers when no change moved a skill of `managed` while it
 * ran; `settle` is called before a read that found a change under way (it
 * recovers one whose writer died).
 */
export async function readWhole<T>(
  managed: string,
  read: () => Promise<T>,
  settle: () => Promise<void>,
): Promise<T> {
  const deadline = Date.now() + MAX_WAIT_MS;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    const before = await markOf(managed);
    if (before !== undefined) {
      const value = await read();
      const after = await markOf(managed);
      if (after === before || Date.now() > deadline) return value;
    } else if (Date.now() > deadline || !(await isLockHeld(managed))) {
      return read();
    }
    await sleep(wait);
    await settle();
  }
}

/**
 * The generation now, or undefined while a change is moving skills into
 * place. The journal is looked at first: a change's generation is renewed
 * before its journal goes, so a journal gone by then means a generation read
 * after it already tells of that change.
 */
async function markOf(managed: string): Promise<string | undefined> {
  if (await isApplying(managed)) return undefined;
  return generationOf(managed);
}

async function isApplying(managed: string): Promise<boolean> {
  const staging = join(managed, STAGING);
  const names = await readdir(staging).catch(() => [] as string[]);
  for (const name of names) {
    if (!isTransactionName(name)) continue;
    const journal = await lstat(join(staging, name, JOURNAL)).catch(() => undefined);
    if (journal !== undefined) return true;
  }
  return false;
}

/** The generation's value; empty when there is none (readMarker: never through a link, never waiting on a pipe). */
async function generationOf(managed: string): Promise<string> {
  return (await readMarker(join(managed, GENERATION), GENERATION_CHARS)) ?? "";
}
