// The ledger records every entry a source holds, one at a time and in source
// order, and enforces what judges the whole source: the entry limit and, for
// folders and uploads, the byte limit (an archive's expanded bytes are
// counted as they are produced). Nothing else is judged here. Which entries
// matter is known only once the whole source is known (a `path` under a
// common wrapper, the skills of a collection), and then only the selection is
// judged, in path order (select.ts, judge-entries.ts), so a font outside the
// selection never refuses it, and every form names the same problem first.
//
// A source calls `admit` for each entry in its order, `fill` with the bytes
// of each kept file (in any order, once its body is read), and `finish`.
// Bodies are kept only for files that may lie in the selection.

import { MAX_BYTES, MAX_ENTRIES } from "@skillshelf/contract";
import type { Candidate, EntriesResult, RecordedEntry } from "./entries.js";
import type { Refusal } from "./types.js";

const EMPTY = new Uint8Array(0);

/** What a source does next: stop, skip the body, or read the file into `slot`. */
export type Admission =
  | { kind: "refused"; refusal: Refusal }
  | { kind: "skip" }
  | { kind: "directory" }
  | { kind: "file"; slot: number };

/** Whether a path (leading "./" dropped) may lie in the selection, so its body is kept. */
export type Wanted = (path: string) => boolean;

const everything: Wanted = () => true;

export class Ledger {
  private readonly recorded: RecordedEntry[] = [];
  /** Every entry seen so far. */
  entries = 0;
  private bytes = 0;

  /**
   * `countSizes`: whether file sizes count against the byte limit (folders,
   * uploads); `wanted`: which files' bodies to keep; `zip`: whether a
   * __MACOSX directory is set aside (the selection step applies it).
   */
  constructor(
    private readonly countSizes: boolean,
    private readonly wanted: Wanted = everything,
    private readonly zip = false,
  ) {}

  admit(candidate: Candidate): Admission {
    this.entries += 1;
    if (this.entries > MAX_ENTRIES) {
      return { kind: "refused", refusal: { code: "too-many-entries", limit: MAX_ENTRIES } };
    }
    const { raw, kind } = candidate;
    const directory = kind === "directory";
    // "./" is an archive's own root, which stands for nothing.
    if (directory && raw === "./") return { kind: "skip" };
    if (kind === "file" && this.countSizes) {
      this.bytes += candidate.size;
      if (this.bytes > MAX_BYTES) {
        return { kind: "refused", refusal: { code: "too-large", limit: MAX_BYTES } };
      }
    }
    let path = raw.startsWith("./") ? raw.slice(2) : raw;
    if (directory && path.endsWith("/")) path = path.slice(0, -1);
    this.recorded.push({
      raw,
      path,
      kind,
      utf8: candidate.utf8 !== false,
      ...(candidate.detail === undefined ? {} : { detail: candidate.detail }),
      order: this.entries,
      bytes: EMPTY,
      executable: false,
      // Present from the start, so filling it in later does not reshape the object.
      text: undefined,
    });
    if (directory) return { kind: "directory" };
    if (kind !== "file" || !this.wanted(path)) return { kind: "skip" };
    return { kind: "file", slot: this.recorded.length - 1 };
  }

  /**
   * Records the body read for a kept file: whole, or in the pieces it arrived
   * in; `text` is isText's verdict when the source already took it, while
   * the bytes were fresh in the cache (the zip reader does, after the CRC).
   */
  fill(
    slot: number,
    bytes: Uint8Array | readonly Uint8Array[],
    executable: boolean,
    text?: boolean,
  ): void {
    const entry = this.recorded[slot]!;
    entry.bytes = bytes;
    entry.executable = executable;
    if (text !== undefined) entry.text = text;
  }

  /** Hands over every entry recorded; `name` names a root skill. */
  finish(name: string | undefined): EntriesResult {
    return { ok: true, entries: { entries: this.recorded, name, zip: this.zip } };
  }
}

/** The body a source kept, as one array. */
export function joinedBytes(bytes: Uint8Array | readonly Uint8Array[]): Uint8Array {
  if (!Array.isArray(bytes)) return bytes as Uint8Array;
  if (bytes.length === 0) return EMPTY;
  return bytes.length === 1 ? bytes[0]! : Buffer.concat(bytes);
}
