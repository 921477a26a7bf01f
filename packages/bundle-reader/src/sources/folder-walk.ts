// Lists a folder without following anything: every name is read as raw bytes
// with the kind its directory records, and only real directories are
// entered. A directory or a link needs no call of its own; a regular file is
// described by lstat (its size counts against the limit before any file is
// read, its link count tells a hard link). The walk stops as soon as the
// entry limit is passed, so a huge tree costs no more than the limit, and a
// .git directory is never entered. Entries come in a fixed order (depth
// first, names by byte order) so refusals are repeatable. Paths are handed
// to the system from the nearest place held (folder-places.ts), so a deep
// tree costs no more per call than a shallow one.
import { isUtf8 } from "node:buffer";
import type { Dirent, Stats } from "node:fs";
import { MAX_ENTRIES, MAX_PATH_BYTES } from "@skillshelf/contract";
import type { Candidate } from "../entries.js";
import type { Reading } from "../reading.js";
import type { Refusal } from "../types.js";
import type { Place, Places } from "./folder-places.js";
import { entriesIn, lstatOf } from "./fs-calls.js";

/** Where a regular file is for the system, and what lstat said of it (no Stats kept: entries live until the read ends). */
export type DiskFile = { path: string; size: number; ino: number; dev: number; mode: number };

/** One entry below the folder, as the ledger is told of it, and for a regular file where to read it. */
export type FolderEntry = Candidate & { file?: DiskFile };

type Walked = { ok: true; entries: FolderEntry[] } | { ok: false; refusal: Refusal };

/** An entry as listed; a directory keeps what is needed to enter it. */
type Child = { entry: FolderEntry; name: string; directory: boolean; rawBytes: number };

type Frame = { place: Place; children: Child[]; next: number };

/** Walks the directory at `top`, whose entries the bundle names `<name>/...`. */
export async function walkFolder(
  top: Place,
  shown: string,
  name: string,
  reading: Reading,
  places: Places,
): Promise<Walked> {
  const entries: FolderEntry[] = [];
  let described = 0;
  const list = (raw: string, rawBytes: number, place: Place): Frame | Refusal => {
    const listed = entriesIn(place.path);
    if (!listed.ok) return unreadable(raw, listed.error);
    described += listed.value.length;
    if (described > MAX_ENTRIES) return { code: "too-many-entries", limit: MAX_ENTRIES };
    const children: Child[] = [];
    for (const dirent of listed.value.sort(byName)) {
      const child = describe(raw, rawBytes, place, dirent);
      if ("code" in child) return child;
      children.push(child);
    }
    return { place, children, next: 0 };
  };
  const first = list(name, Buffer.byteLength(name), top);
  if ("code" in first) {
    const refusal = first.code === "unreadable-source" ? { ...first, path: shown } : first;
    return { ok: false, refusal };
  }
  const stack = [first];
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    const child = frame.children[frame.next++];
    if (child === undefined) {
      stack.pop();
      continue;
    }
    entries.push(child.entry);
    // A clone's .git is set aside whole, so it is not walked at all (its pack
    // files are hard links, and it can hold more entries than the bundle).
    if (child.directory && child.name !== ".git") {
      const place = places.child(frame.place, child.name);
      const below = list(child.entry.raw, child.rawBytes, place);
      if ("code" in below) return { ok: false, refusal: below };
      stack.push(below);
      reading.progress(0, described);
      const pause = reading.pause();
      if (pause !== undefined) await pause;
    }
  }
  return { ok: true, entries };
}

function byName(a: Dirent<Buffer>, b: Dirent<Buffer>): number {
  return Buffer.compare(a.name, b.name);
}

function describe(
  parentRaw: string,
  parentBytes: number,
  place: Place,
  dirent: Dirent<Buffer>,
): Child | Refusal {
  const bytes = dirent.name;
  const name = bytes.toString("utf8");
  const raw = `${parentRaw}/${name}`;
  const rawBytes = parentBytes + 1 + bytes.length;
  const unread = (utf8: boolean): Child => ({
    entry: { raw, utf8, kind: "file", size: 0 },
    name,
    directory: false,
    rawBytes,
  });
  if (!isUtf8(bytes)) return unread(false);
  // A path already too long is refused when it is admitted; looking it up
  // could only fail with a less helpful error.
  if (rawBytes > MAX_PATH_BYTES) return unread(true);
  const kind = kindOf(dirent);
  if (kind !== undefined) {
    const directory = kind.kind === "directory";
    return { entry: { raw, ...kind }, name, directory, rawBytes };
  }
  // A regular file (its size and links are needed), or a kind the directory
  // did not record.
  const path = `${place.path}/${name}`;
  const stats = lstatOf(path);
  if (!stats.ok) return unreadable(raw, stats.error);
  const entry: FolderEntry = candidateOf(raw, stats.value);
  if (entry.kind === "file") {
    const { size, ino, dev, mode } = stats.value;
    entry.file = { path, size, ino, dev, mode };
  }
  return { entry, name, directory: entry.kind === "directory", rawBytes };
}

type Kind = Omit<Candidate, "raw">;

/** What the directory's own record says, when that is all a bundle needs to know. */
function kindOf(dirent: Dirent<Buffer>): Kind | undefined {
  if (dirent.isFile()) return undefined;
  if (dirent.isDirectory()) return { kind: "directory", size: 0 };
  if (dirent.isSymbolicLink()) return { kind: "link", size: 0, detail: "a symbolic link" };
  const detail = specialOf(dirent);
  return detail === undefined ? undefined : { kind: "special", size: 0, detail };
}

function candidateOf(raw: string, stats: Stats): Candidate {
  if (stats.isSymbolicLink()) return { raw, kind: "link", size: 0, detail: "a symbolic link" };
  if (stats.isDirectory()) return { raw, kind: "directory", size: 0 };
  if (stats.isFile()) {
    if (stats.nlink > 1) {
      return { raw, kind: "link", size: 0, detail: `a hard link, one of ${stats.nlink} names` };
    }
    return { raw, kind: "file", size: stats.size };
  }
  return { raw, kind: "special", size: 0, detail: specialOf(stats) ?? "of an unknown kind" };
}

function specialOf(kind: Dirent<Buffer> | Stats): string | undefined {
  if (kind.isFIFO()) return "a fifo";
  if (kind.isSocket()) return "a socket";
  if (kind.isCharacterDevice()) return "a character device";
  if (kind.isBlockDevice()) return "a block device";
  return undefined;
}

/** The refusal for a path the system would not let us read, in its own words. */
export function unreadable(path: string, error: NodeJS.ErrnoException): Refusal {
  const words = /^[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
  const detail =
    error.code === undefined || words.includes(error.code) ? words : `${words}, ${error.code}`;
  return { code: "unreadable-source", path, detail };
}
