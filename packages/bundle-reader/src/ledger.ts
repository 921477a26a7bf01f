// The ledger is where every source's entries are judged, one at a time and in
// source order, so that a folder, an archive and an upload are held to the
// same rules: the entry limit, the path rules, the kinds a bundle may hold,
// the set-aside rule, and names that collide. Content (UTF-8) is judged after
// every entry has been admitted, so the refusal a source gets does not depend
// on how its bytes happened to arrive, and a source refused on the way (a
// gzip bomb) never pays for judging content.
//
// A source calls `admit` for each entry in its order, `fill` with the bytes
// of each admitted file (in any order, once its body is read), and `finish`.
import type { Candidate, DirectoryEntry, EntriesResult, FileEntry } from "./entries.js";
import { MAX_BYTES, MAX_ENTRIES } from "./limits.js";
import { NameIndex } from "./names.js";
import { checkPath, isRootPath } from "./paths.js";
import { isSetAside, isSetAsideDirectory } from "./set-aside.js";
import { isText } from "./text.js";
import type { Refusal } from "./types.js";

const EMPTY = new Uint8Array(0);

/** What a source does next: stop, skip the body, or read the file into `slot`. */
export type Admission =
  | { kind: "refused"; refusal: Refusal }
  | { kind: "skip" }
  | { kind: "directory" }
  | { kind: "file"; slot: number };

/** A file admitted, whose body may still be arriving in pieces. */
type Pending = Omit<FileEntry, "bytes"> & { bytes: Uint8Array | readonly Uint8Array[] };

export class Ledger {
  private readonly files: Pending[] = [];
  private readonly directories: DirectoryEntry[] = [];
  /** Every entry seen so far, admitted or not. */
  entries = 0;
  private bytes = 0;
  private readonly names = new NameIndex();

  /**
   * `countSizes`: whether file sizes count against the byte limit (folders,
   * uploads); `zip`: whether a __MACOSX directory is set aside.
   */
  constructor(
    private readonly countSizes: boolean,
    private readonly zip = false,
  ) {}

  admit(candidate: Candidate): Admission {
    this.entries += 1;
    if (this.entries > MAX_ENTRIES)
      return refused({ code: "too-many-entries", limit: MAX_ENTRIES });
    const { raw, kind } = candidate;
    const directory = kind === "directory";
    if (directory && isRootPath(raw)) return { kind: "skip" };
    const verdict = checkPath(raw, directory, candidate.utf8);
    if (!verdict.ok) return refused({ code: "unsafe-path", path: raw, why: verdict.why });
    if (kind === "link") return refused(withDetail({ code: "link", path: raw }, candidate.detail));
    if (kind === "special") {
      return refused(withDetail({ code: "not-regular-file", path: raw }, candidate.detail));
    }
    if (isSetAside(verdict.segments, directory, this.zip)) {
      const clash = this.keepParents(raw, verdict.segments);
      return clash === undefined ? { kind: "skip" } : refused(clash);
    }
    const clash = this.names.recordEntry(raw, verdict.path, verdict.segments, directory);
    if (clash !== undefined) return refused(clash);
    if (directory) {
      this.directories.push({ path: verdict.path, order: this.entries });
      return { kind: "directory" };
    }
    if (this.countSizes) {
      this.bytes += candidate.size;
      if (this.bytes > MAX_BYTES) return refused({ code: "too-large", limit: MAX_BYTES });
    }
    this.files.push({
      raw,
      path: verdict.path,
      order: this.entries,
      bytes: EMPTY,
      executable: false,
    });
    return { kind: "file", slot: this.files.length - 1 };
  }

  /** Records the body read for an admitted file: whole, or in the pieces it arrived in. */
  fill(slot: number, bytes: Uint8Array | readonly Uint8Array[], executable: boolean): void {
    const file = this.files[slot]!;
    file.bytes = bytes;
    file.executable = executable;
  }

  /** Judges content in source order and hands over the entries; `name` names a root skill. */
  finish(name: string | undefined): EntriesResult {
    for (const file of this.files) {
      const bytes = joined(file.bytes);
      if (!isText(bytes)) return { ok: false, refusal: { code: "not-utf8", path: file.raw } };
      file.bytes = bytes;
    }
    const files = this.files as FileEntry[];
    return { ok: true, entries: { files, directories: this.directories, name } };
  }

  /**
   * A set-aside entry still shows that its parent directories exist (a folder
   * holding only .DS_Store is a directory, in every form), up to a .git (or
   * a zip's __MACOSX) directory, which is set aside itself.
   */
  private keepParents(raw: string, segments: string[]): Refusal | undefined {
    const aside = segments.findIndex((segment) => isSetAsideDirectory(segment, this.zip));
    const count = aside === -1 ? segments.length - 1 : aside;
    if (count === 0) return undefined;
    const clash = this.names.recordParents(raw, segments, count);
    if (clash === undefined) {
      this.directories.push({ path: segments.slice(0, count).join("/"), order: this.entries });
    }
    return clash;
  }
}

function joined(bytes: Uint8Array | readonly Uint8Array[]): Uint8Array {
  if (!Array.isArray(bytes)) return bytes as Uint8Array;
  if (bytes.length === 0) return EMPTY;
  return bytes.length === 1 ? bytes[0]! : Buffer.concat(bytes);
}

function refused(refusal: Refusal): Admission {
  return { kind: "refused", refusal };
}

function withDetail(refusal: Refusal, detail: string | undefined): Refusal {
  return detail === undefined ? refusal : { ...refusal, detail };
}
