// A source folder's walk: the one tree walk (tree/walk-tree.ts) with a
// source's rules. Entries are named `<name>/...`; a .git directory is listed
// (the ledger sets it aside) but never entered, since a clone's .git holds
// pack files that are hard links and can hold more entries than the bundle;
// a regular file is described by lstat as it is listed, so its size counts
// against the limit before any file is read and a second name (a hard link)
// makes it a link; anything gone since it was listed is refused, not passed
// over. Paths are handed to the system from the nearest place held
// (folder-places.ts), so a deep tree costs no more per call than a shallow
// one, and the event loop gets a turn between directories.
import { MAX_ENTRIES } from "@skillshelf/contract";
import type { Reading } from "../reading.js";
import { DIRECTORY_SWAPPED } from "../tree/held-directory.js";
import { type TreeEntry, type TreeFailure, type TreeRules, walkTree } from "../tree/walk-tree.js";
import type { Refusal } from "../types.js";
import type { Place, Places } from "./folder-places.js";

/** One entry below the folder, as the ledger is told of it, and for a regular file where to read it. */
export type FolderEntry = TreeEntry<Place>;

type Walked = { ok: true; entries: FolderEntry[] } | { ok: false; refusal: Refusal };

/** Walks the directory at `top`, whose entries the bundle names `<name>/...`. */
export async function walkFolder(
  top: string,
  shown: string,
  name: string,
  reading: Reading,
  places: Places,
): Promise<Walked> {
  const rules: TreeRules<Place> = {
    holder: places,
    prefix: name,
    unentered: ".git",
    describeFiles: true,
    passOverVanished: false,
  };
  const entries: FolderEntry[] = [];
  const walk = walkTree(top, rules);
  for (;;) {
    const step = walk.next();
    if (step.done) {
      const failure = step.value;
      if (failure === undefined) return { ok: true, entries };
      return { ok: false, refusal: refusalOf(failure, name, shown) };
    }
    const entry = step.value;
    if (!("raw" in entry)) {
      reading.progress(0, entry.listed);
      const pause = reading.pause();
      if (pause !== undefined) await pause;
      continue;
    }
    entries.push(entry);
  }
}

function refusalOf(failure: TreeFailure, name: string, shown: string): Refusal {
  if (failure.kind === "too-many-entries") return { code: "too-many-entries", limit: MAX_ENTRIES };
  // The folder itself is named as the caller gave it.
  const path = failure.raw === name ? shown : failure.raw;
  switch (failure.kind) {
    case "unreadable":
      return unreadable(path, failure.error);
    case "link":
      return { code: "unreadable-source", path, detail: `${DIRECTORY_SWAPPED}: it is now a link` };
    case "swapped":
      return { code: "unreadable-source", path, detail: DIRECTORY_SWAPPED };
    case "missing":
      return { code: "unreadable-source", path, detail: "it was removed while being read" };
  }
}

/** The refusal for a path the system would not let us read, in its own words. */
export function unreadable(path: string, error: NodeJS.ErrnoException): Refusal {
  const words = /^[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
  const detail =
    error.code === undefined || words.includes(error.code) ? words : `${words}, ${error.code}`;
  return { code: "unreadable-source", path, detail };
}
