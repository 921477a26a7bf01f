// A skill directory held open while its files are read, so that a directory
// swapped for a link between a check and an open cannot redirect the read
// outside the store. O_NOFOLLOW guards only a path's last component: opening
// `<root>/<id>/SKILL.md` after lstat saw a directory at `<root>/<id>` reads
// whatever a link put there meanwhile. Node has no openat, so on Linux a
// directory is opened once (O_DIRECTORY | O_NOFOLLOW, so a link is refused
// at that instant) and its files are named through its handle,
// `/proc/self/fd/<fd>/<name>`: the kernel resolves the handle to the
// directory itself, never to its path, so a later swap of the path changes
// nothing. A deeper file is reached one directory at a time, each opened the
// same way from its parent's handle. Where /proc/self/fd cannot be used, the
// plain path is read and the directory's device and inode are compared after
// the read with those of the handle: a swap that is still in place is caught
// and the read refused, though one undone within the read is not (docs/
// security.md says so).
import { closeSync, constants, fstatSync, lstatSync, openSync } from "node:fs";
import {
  describeError,
  openSkillFile,
  readSkillFile,
  type SkillFileOpen,
  type SkillFileRead,
} from "./read-skill-file.js";

/** A directory held open: `base` names it for the system (its handle, or its path). */
export type HeldDirectory = {
  fd: number;
  base: string;
  path: string;
  dev: number;
  ino: number;
};

export type HeldOpen =
  | { kind: "held"; dir: HeldDirectory }
  | { kind: "missing" }
  | { kind: "link" }
  | { kind: "unreadable"; detail: string };

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

/** Opens the directory `path` (never through a link in its last component). */
export function holdDirectory(path: string, shown: string = path): HeldOpen {
  let fd: number;
  try {
    fd = openSync(path, DIRECTORY_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "missing" };
    // A link in the last component: ELOOP; a file there: ENOTDIR, which is no directory either.
    if (code === "ELOOP") return { kind: "link" };
    if (code === "ENOTDIR") return lstatIsLink(path) ? { kind: "link" } : { kind: "missing" };
    return { kind: "unreadable", detail: describeError(error) };
  }
  try {
    const stats = fstatSync(fd);
    const base = handlesName ? `${PROC_FD}/${fd}` : path;
    return { kind: "held", dir: { fd, base, path: shown, dev: stats.dev, ino: stats.ino } };
  } catch (error) {
    closeSync(fd);
    return { kind: "unreadable", detail: describeError(error) };
  }
}

/** Opens the directory `name` inside `parent`, as holdDirectory does. */
export function holdChild(parent: HeldDirectory, name: string): HeldOpen {
  return holdDirectory(`${parent.base}/${name}`, `${parent.path}/${name}`);
}

/** Where the system finds `name` inside `dir`. */
export function pathIn(dir: HeldDirectory, name: string): string {
  return `${dir.base}/${name}`;
}

/**
 * Whether what was read through `dir`'s plain path came from `dir`: always,
 * when it was read through the handle; else the path must still name the
 * directory held (same device and inode, not a link).
 */
export function stillHeld(dir: HeldDirectory): boolean {
  if (dir.base !== dir.path) return true;
  try {
    const stats = lstatSync(dir.path);
    return stats.isDirectory() && stats.dev === dir.dev && stats.ino === dir.ino;
  } catch {
    return false;
  }
}

export function release(dir: HeldDirectory): void {
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

/**
 * Reads the file `name` inside `dir` with the one bounded reader; a file
 * read through a plain path that no longer names `dir` is refused, and the
 * system's words name the file by its path, not by the handle.
 */
export function readIn(dir: HeldDirectory, name: string, cap?: number): SkillFileRead {
  const read = readSkillFile(pathIn(dir, name), cap);
  if (!stillHeld(dir)) return { kind: "unreadable", detail: SWAPPED };
  if (read.kind === "unreadable" && dir.base !== dir.path) {
    return { kind: "unreadable", detail: read.detail.replaceAll(dir.base, dir.path) };
  }
  return read;
}

/** Opens the file `name` inside `dir` for streaming, as readIn reads it. */
export function openIn(dir: HeldDirectory, name: string, cap: number): SkillFileOpen {
  const opened = openSkillFile(pathIn(dir, name), cap);
  if (!stillHeld(dir)) {
    if (opened.kind === "open") closeSync(opened.fd);
    return { kind: "unreadable", detail: SWAPPED };
  }
  if (opened.kind === "unreadable" && dir.base !== dir.path) {
    return { kind: "unreadable", detail: opened.detail.replaceAll(dir.base, dir.path) };
  }
  return opened;
}

/** The refusal detail for a directory that was swapped while it was read. */
export const SWAPPED = "the directory was replaced while being read";
