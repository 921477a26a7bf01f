// Which changes a served catalog hears of. The managed store's own feed
// tells of every change made through it: PostgreSQL's of every replica's, the
// directory store's of this process's only. A stdio server (`skillshelf mcp`)
// is a process of its own beside the CLI and the server that import into the
// same directory, so for a directory store the root is watched as well: a
// skill directory appearing, being replaced or going away there (the store
// renames whole skills into place) is a change, whoever made it. The feed is
// told at once; the watch's bursts are merged into one notice (and dropped
// when the feed just told the same change), dot-entries (the store's staging) are ignored, and
// the watch never keeps a process alive.
import { type FSWatcher, watch } from "node:fs";
import { DirectoryStore, type ManagedStore } from "@skillshelf/skill-catalog";

/** Quiet time after the last event before one notice is sent. */
const SETTLE_MS = 50;

/** Calls `listener` after every change of `managed`; returns the unsubscribe. */
export function subscribeToStore(
  managed: ManagedStore | undefined,
  listener: () => void,
): () => void {
  if (managed === undefined) return () => {};
  let timer: NodeJS.Timeout | undefined;
  let heardAt = 0;
  // The store's own feed is told at once (a listing walk must not outlive the change).
  const stopFeed = managed.subscribe(() => {
    heardAt = Date.now();
    listener();
  });
  const notify = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      // A change this process made was told by the feed already.
      if (Date.now() - heardAt > 4 * SETTLE_MS) listener();
    }, SETTLE_MS);
    timer.unref();
  };
  const watcher = managed instanceof DirectoryStore ? watchRoot(managed.root, notify) : undefined;
  return () => {
    stopFeed();
    watcher?.close();
    if (timer !== undefined) clearTimeout(timer);
  };
}

function watchRoot(root: string, notify: () => void): FSWatcher | undefined {
  try {
    const watcher = watch(root, { persistent: false }, (_event, name) => {
      if (name === null || !name.startsWith(".")) notify();
    });
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    // A root not made yet has nothing to watch; the store's own feed still tells.
    return undefined;
  }
}
