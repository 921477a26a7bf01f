// The one walk of a directory tree on disk, for a source folder and for a
// stored skill alike: every name is read as raw bytes with the kind its
// directory records, only real directories are entered, and nothing is ever
// followed. Entries come in one fixed order (depth first, names by byte
// order), so a refusal is the same whatever order the system lists names
// in; the walk stops as soon as the entry limit is passed, so a huge tree
// costs no more than the limit. What differs between a source and a stored
// tree is given as rules (TreeRules): how directories are held (a source's
// from the nearest place held, folder-places.ts; a stored tree's each held
// open, held-directory.ts, so one swapped for a link is refused), the name
// the entries are under, which directory is listed but never entered (a
// source's .git), whether a regular file is described by lstat as it is
// listed (its size before any byte is read, a second name making it a link)
// and whether an entry gone since it was listed is passed over. The walk is
// a generator that also yields after each directory listed, so a caller
// that must stay responsive pauses there and one that need not runs it
// straight through.
import { isUtf8 } from "node:buffer";
import type { Dirent, Stats } from "node:fs";
import { MAX_ENTRIES, MAX_PATH_BYTES } from "@skillshelf/contract";
import type { EntryKind } from "../entries.js";
import { entriesIn, lstatOf } from "../sources/fs-calls.js";

/** What entering a directory gave. */
export type Entered<D> =
  | { kind: "held"; dir: D }
  | { kind: "missing" }
  | { kind: "link" }
  | { kind: "unreadable"; error: NodeJS.ErrnoException };

/** How the directories of a tree are held and named to the system while it is walked. */
export interface Holder<D> {
  top(path: string): Entered<D>;
  child(parent: D, name: string): Entered<D>;
  /** The path to list the directory by. */
  listing(dir: D): string;
  /** The path of `name` inside `dir`, for the system. */
  pathIn(dir: D, name: string): string;
  /** Whether what was listed through `dir` came from the directory entered. */
  stillHeld(dir: D): boolean;
  /** The walk is done with `dir` and everything below it. */
  leave(dir: D): void;
}

export type TreeRules<D> = {
  holder: Holder<D>;
  /** The name every entry is under (`<prefix>/<path>`); empty for paths relative to the top. */
  prefix: string;
  /** A directory of this name is listed as an entry but never entered. */
  unentered?: string;
  /**
   * Whether each regular file is described by lstat as it is listed (its
   * size, and a second name, which makes it a link), or left for its
   * reader to describe as it reads it.
   */
  describeFiles: boolean;
  /** Whether an entry gone since its directory was listed is passed over, or fails the walk. */
  passOverVanished: boolean;
};

/** Where a described regular file is for the system, and what lstat said of it (no Stats kept: entries live until the read ends). */
export type DiskFile = { path: string; size: number; ino: number; dev: number; mode: number };

/**
 * One entry of the tree, handed over while the directory it is in (`dir`)
 * is held. Every entry has every field, so that tens of thousands of them
 * share one shape.
 */
export type TreeEntry<D> = {
  /** `<prefix>/<path>`, or the path below the top. */
  raw: string;
  /** False when the name's bytes are not UTF-8 (it was not looked up). */
  utf8: boolean;
  /** Whether the name was looked up: not when it is not UTF-8 or its path is past the limit. */
  looked: boolean;
  kind: EntryKind;
  /** A described file's size; 0 otherwise. */
  size: number;
  /** For a link or a special entry: what it is, for the operator. */
  detail: string | undefined;
  /** For a described regular file: where it is and what lstat said. */
  file: DiskFile | undefined;
  dir: D;
  name: string;
  /** The UTF-8 bytes of `raw`. */
  rawBytes: number;
};

/** Why a walk stopped short; `raw` is the directory or entry concerned ("" or the prefix: the top). */
export type TreeFailure =
  | { kind: "too-many-entries" }
  | { kind: "missing" | "link" | "swapped"; raw: string }
  | { kind: "unreadable"; raw: string; error: NodeJS.ErrnoException };

/** After each directory listed, how many entries have been listed so far. */
export type TreeListed = { listed: number };

export type TreeStep<D> = TreeEntry<D> | TreeListed;

type Frame<D> = { dir: D; children: TreeEntry<D>[]; next: number };

/** Walks the tree at `top`; returns undefined once every entry was handed over. */
export function* walkTree<D>(
  top: string,
  rules: TreeRules<D>,
): Generator<TreeStep<D>, TreeFailure | undefined> {
  const { holder } = rules;
  let listed = 0;
  const list = (dir: D, raw: string, rawBytes: number): Frame<D> | TreeFailure => {
    const names = entriesIn(holder.listing(dir));
    if (!names.ok) return { kind: "unreadable", raw, error: names.error };
    if (!holder.stillHeld(dir)) return { kind: "swapped", raw };
    listed += names.value.length;
    if (listed > MAX_ENTRIES) return { kind: "too-many-entries" };
    const children: TreeEntry<D>[] = [];
    for (const dirent of names.value.sort(byName)) {
      const child = describe(rules, dir, raw, rawBytes, dirent);
      if (child === undefined) continue;
      if (!("dir" in child)) return child;
      children.push(child);
    }
    return { dir, children, next: 0 };
  };
  const entered = holder.top(top);
  if (entered.kind !== "held") return failed(entered, rules.prefix);
  const first = list(entered.dir, rules.prefix, Buffer.byteLength(rules.prefix));
  if (!("children" in first)) {
    holder.leave(entered.dir);
    return first;
  }
  const stack = [first];
  try {
    while (stack.length > 0) {
      const frame = stack.at(-1)!;
      const entry = frame.children[frame.next++];
      if (entry === undefined) {
        holder.leave(stack.pop()!.dir);
        continue;
      }
      yield entry;
      if (entry.kind !== "directory" || entry.name === rules.unentered) continue;
      const below = holder.child(frame.dir, entry.name);
      if (below.kind === "missing" && rules.passOverVanished) continue;
      if (below.kind !== "held") return failed(below, entry.raw);
      const listing = list(below.dir, entry.raw, entry.rawBytes);
      if (!("children" in listing)) {
        holder.leave(below.dir);
        return listing;
      }
      stack.push(listing);
      yield { listed };
    }
    return undefined;
  } finally {
    // Whatever the outcome (a failure, or a caller that stopped early).
    for (const frame of stack.splice(0).reverse()) holder.leave(frame.dir);
  }
}

function failed<D>(entered: Exclude<Entered<D>, { kind: "held" }>, raw: string): TreeFailure {
  if (entered.kind === "unreadable") return { kind: "unreadable", raw, error: entered.error };
  return { kind: entered.kind, raw };
}

function byName(a: Dirent<Buffer>, b: Dirent<Buffer>): number {
  return Buffer.compare(a.name, b.name);
}

/** One listed name as an entry; undefined for one gone since it was listed, when that is passed over. */
function describe<D>(
  rules: TreeRules<D>,
  dir: D,
  parentRaw: string,
  parentBytes: number,
  dirent: Dirent<Buffer>,
): TreeEntry<D> | TreeFailure | undefined {
  const bytes = dirent.name;
  const name = bytes.toString("utf8");
  const raw = parentRaw === "" ? name : `${parentRaw}/${name}`;
  const rawBytes = parentRaw === "" ? bytes.length : parentBytes + 1 + bytes.length;
  const utf8 = isUtf8(bytes);
  // A path already too long is refused by whoever judges paths; looking it
  // up could only fail with a less helpful error.
  const looked = utf8 && rawBytes <= MAX_PATH_BYTES;
  let kind: EntryKind = "file";
  let size = 0;
  let detail: string | undefined;
  let file: DiskFile | undefined;
  if (!looked) {
    // Handed over unlooked, as a file: its path is refused by whoever judges it.
  } else if (dirent.isDirectory()) {
    kind = "directory";
  } else if (dirent.isSymbolicLink()) {
    kind = "link";
    detail = SYMBOLIC_LINK;
  } else if (dirent.isFile() && !rules.describeFiles) {
    // A regular file, left for its reader to describe as it reads it.
  } else {
    // A regular file to describe, or a kind the directory did not record.
    const special = dirent.isFile() ? undefined : specialOf(dirent);
    if (special !== undefined) {
      kind = "special";
      detail = special;
    } else {
      const path = rules.holder.pathIn(dir, name);
      const described = lstatOf(path);
      if (!described.ok) {
        if (described.error.code === "ENOENT" && rules.passOverVanished) return undefined;
        return { kind: "unreadable", raw, error: described.error };
      }
      const found = described.value;
      if (found.isSymbolicLink()) {
        kind = "link";
        detail = SYMBOLIC_LINK;
      } else if (found.isDirectory()) {
        kind = "directory";
      } else if (!found.isFile()) {
        kind = "special";
        detail = specialOf(found) ?? "of an unknown kind";
      } else if (rules.describeFiles && found.nlink > 1) {
        kind = "link";
        detail = `a hard link, one of ${found.nlink} names`;
      } else if (rules.describeFiles) {
        size = found.size;
        file = { path, size, ino: found.ino, dev: found.dev, mode: found.mode };
      }
    }
  }
  return { raw, utf8, looked, kind, size, detail, file, dir, name, rawBytes };
}

const SYMBOLIC_LINK = "a symbolic link";

function specialOf(kind: Dirent<Buffer> | Stats): string | undefined {
  if (kind.isFIFO()) return "a fifo";
  if (kind.isSocket()) return "a socket";
  if (kind.isCharacterDevice()) return "a character device";
  if (kind.isBlockDevice()) return "a block device";
  return undefined;
}
