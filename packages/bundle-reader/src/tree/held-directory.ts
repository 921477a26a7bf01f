// A directory held open while it is read, so that a directory swapped for a
// link between a check and an open cannot redirect the read. O_NOFOLLOW
// guards only a path's last component: opening `<root>/<id>/SKILL.md` after
// lstat saw a directory at `<root>/<id>` reads whatever a link put there
// meanwhile. Node has no openat, so on Linux a directory is opened once
// (O_DIRECTORY | O_NOFOLLOW, so a link is refused at that instant) and the
// names inside it are handed to the system through its handle,
// `/proc/self/fd/<fd>/<name>`: the kernel resolves the handle to the
// directory itself, never to its path, so a later swap of the path changes
// nothing. A deeper directory is reached one at a time, each opened the same
// way from its parent's handle. Where /proc/self/fd cannot be used, the
// plain path is used and the directory's device and inode are compared,
// after what was read through it, with those of the handle: a swap that is
// still in place is caught and the read refused, though one undone within
// the read is not (docs/security.md says so). The tree walk (walk-tree.ts)
// holds every directory of a stored tree this way, and the skill catalog its
// single reads (a SKILL.md, a record, one file by path).
import { closeSync, constants, fstatSync, lstatSync, openSync } from "node:fs";
import type { Entered, Holder } from "./walk-tree.js";

/**
 * A directory held open: `base` names it for the system (its handle, or its
 * path); `dev` and `ino`, which stillHeld compares, only where it is its path.
 */
export type HeldDirectory = {
  fd: number;
  base: string;
  /** The directory's path, for messages. */
  path: string;
  dev?: number;
  ino?: number;
};

export type HeldOpen =
  | { kind: "held"; dir: HeldDirectory }
  | { kind: "missing" }
  | { kind: "link" }
  | { kind: "unreadable"; detail: string; error: NodeJS.ErrnoException };

const DIRECTORY_FLAGS: number =
  constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);
const PROC_FD = "/proc/self/fd";

/**
 * Whether a handle can name its directory here, decided once as the module
 * loads (so a read costs the same calls whenever it runs): only on Linux,
 * and only where /proc is mounted.
 */
const handlesName: boolean = ((): boolean => {
  if (process.platform !== "linux") return false;
  try {
    const fd = openSync("/", DIRECTORY_FLAGS);
    try {
      return lstatSync(`${PROC_FD}/${fd}/.`).isDirectory();
    } finally {
      closeSync(fd);
    }
  } catch {
    // No /proc (a container without it): plain paths, checked after each read.
    return false;
  }
})();

/** Whether the system names what a handle holds here (/proc/self/fd), decided once. */
export function handlesAreNamed(): boolean {
  return handlesName;
}

/** Opens the directory `path` (never through a link in its last component). */
export function holdDirectory(path: string, shown: string = path): HeldOpen {
  let fd: number;
  try {
    fd = openSync(path, DIRECTORY_FLAGS);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    if (failure.code === "ENOENT") return { kind: "missing" };
    // A link in the last component: ELOOP; a file there: ENOTDIR, which is no directory either.
    if (failure.code === "ELOOP") return { kind: "link" };
    if (failure.code === "ENOTDIR")
      return lstatIsLink(path) ? { kind: "link" } : { kind: "missing" };
    return { kind: "unreadable", detail: describeError(failure, path, shown), error: failure };
  }
  // Named through its handle, the directory needs no identity to compare:
  // one fstat fewer for every directory a read passes through.
  if (handlesName) return { kind: "held", dir: { fd, base: `${PROC_FD}/${fd}`, path: shown } };
  try {
    const stats = fstatSync(fd);
    return { kind: "held", dir: { fd, base: path, path: shown, dev: stats.dev, ino: stats.ino } };
  } catch (error) {
    closeSync(fd);
    const failure = error as NodeJS.ErrnoException;
    return { kind: "unreadable", detail: describeError(failure, path, shown), error: failure };
  }
}

/** Opens the directory `name` inside `parent`, as holdDirectory does. */
export function holdChild(parent: HeldDirectory, name: string): HeldOpen {
  return holdDirectory(`${parent.base}/${name}`, `${parent.path}/${name}`);
}

/** Where the system finds `name` inside `dir`. */
export function pathInHeld(dir: HeldDirectory, name: string): string {
  return `${dir.base}/${name}`;
}

/** Whether `dir` is named through its handle, so nothing read through it needs checking after. */
export function namedByHandle(dir: HeldDirectory): boolean {
  return dir.base !== dir.path;
}

/**
 * Whether what was read through `dir`'s plain path came from `dir`: always,
 * when it was read through the handle; else the path must still name the
 * directory held (same device and inode, not a link).
 */
export function stillHeld(dir: HeldDirectory): boolean {
  if (namedByHandle(dir)) return true;
  try {
    const stats = lstatSync(dir.path);
    return stats.isDirectory() && stats.dev === dir.dev && stats.ino === dir.ino;
  } catch {
    return false;
  }
}

export function releaseDirectory(dir: HeldDirectory): void {
  try {
    closeSync(dir.fd);
  } catch {
    // Held only to name the directory: nothing was written through it.
  }
}

function lstatIsLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The system's words, naming the directory by its path rather than by a handle. */
function describeError(error: Error, path: string, shown: string): string {
  return path === shown ? error.message : error.message.replaceAll(path, shown);
}

const entered = (opened: HeldOpen): Entered<HeldDirectory> =>
  opened.kind === "unreadable" ? { kind: "unreadable", error: opened.error } : opened;

/** Every directory held open while it and everything below it is walked, then let go. */
export const HELD_DIRECTORIES: Holder<HeldDirectory> = {
  top: (path) => entered(holdDirectory(path)),
  child: (parent, name) => entered(holdChild(parent, name)),
  listing: (dir) => pathInHeld(dir, "."),
  pathIn: pathInHeld,
  stillHeld,
  leave: releaseDirectory,
};

/** The refusal detail for a directory that was swapped while it was read. */
export const DIRECTORY_SWAPPED = "the directory was replaced while being read";
