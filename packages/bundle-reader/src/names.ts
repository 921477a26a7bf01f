// Every name a source has used, so that two entries one file system would
// store as the same file are caught: the same path twice, paths equal after
// NFC normalization and case folding, and a path used both as a file and as a
// directory (including the directories a path implies by its parents).
import { foldPath } from "./paths.js";
import type { Refusal } from "./types.js";

type Seen = { path: string; file: boolean; explicit: boolean };

export class NameIndex {
  private readonly seen = new Map<string, Seen>();
  private readonly knownDirectories = new Set<string>();
  private lastParent: string | undefined;

  /** Records an entry and the directories its path implies; `raw` names it in a refusal. */
  recordEntry(
    raw: string,
    path: string,
    segments: string[],
    directory: boolean,
  ): Refusal | undefined {
    // Entries mostly come grouped by directory: when this one shares the last
    // one's parent, its parents are known already.
    const parent = path.slice(0, Math.max(0, path.lastIndexOf("/")));
    if (parent !== this.lastParent) {
      const clash = this.recordParents(raw, segments, segments.length - 1);
      if (clash !== undefined) return clash;
      this.lastParent = parent;
    }
    return this.note(raw, path, !directory, true);
  }

  /** Records the directories named by the first `count` segments, as implied by `raw`. */
  recordParents(raw: string, segments: string[], count: number): Refusal | undefined {
    let prefix = "";
    for (let i = 0; i < count; i++) {
      prefix = i === 0 ? segments[0]! : `${prefix}/${segments[i]}`;
      if (this.knownDirectories.has(prefix)) continue;
      const clash = this.note(raw, prefix, false, false);
      if (clash !== undefined) return clash;
      this.knownDirectories.add(prefix);
    }
    return undefined;
  }

  private note(raw: string, path: string, file: boolean, explicit: boolean): Refusal | undefined {
    const key = foldPath(path);
    const seen = this.seen.get(key);
    if (seen === undefined) {
      this.seen.set(key, { path, file, explicit });
      return undefined;
    }
    if (seen.path !== path) return { code: "duplicate-path", path: raw, other: seen.path };
    if (seen.file !== file) return { code: "file-and-directory", path: raw, other: seen.path };
    if (seen.explicit && explicit) return { code: "duplicate-path", path: raw, other: seen.path };
    seen.explicit ||= explicit;
    return undefined;
  }
}
