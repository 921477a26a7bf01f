// One file read inside a directory held open (bundle-reader's held
// directory), with the one bounded reader: through the directory's handle,
// so a directory swapped for a link after it was opened cannot redirect the
// read outside the store, or, where a handle cannot name its directory,
// through the plain path, refused when that path no longer names the
// directory held. The catalog's single reads (a SKILL.md, a record, one file
// by path) and the walk of a stored tree (directory-files.ts) read so; one
// file by path is first tried in one open (readResolved), taken only when
// the kernel names the file opened as the one at that path with no link.
import { closeSync, readlinkSync } from "node:fs";
import {
  DIRECTORY_SWAPPED,
  type HeldDirectory,
  handlesAreNamed,
  pathInHeld,
  stillHeld,
} from "@skillshelf/bundle-reader";
import {
  openSkillFile,
  readSkillFile,
  readSkillFileIf,
  type SkillFileOpen,
  type SkillFileRead,
} from "./read-skill-file.js";

/**
 * Reads the file `name` inside `dir` with the one bounded reader; a file
 * read through a plain path that no longer names `dir` is refused, and the
 * system's words name the file by its path, not by the handle.
 */
export function readIn(dir: HeldDirectory, name: string, cap?: number): SkillFileRead {
  const read = readSkillFile(pathInHeld(dir, name), cap);
  if (!stillHeld(dir)) return { kind: "unreadable", detail: DIRECTORY_SWAPPED };
  if (read.kind === "unreadable" && dir.base !== dir.path) {
    return { kind: "unreadable", detail: read.detail.replaceAll(dir.base, dir.path) };
  }
  return read;
}

/** Opens the file `name` inside `dir` for streaming, as readIn reads it. */
export function openIn(dir: HeldDirectory, name: string, cap: number): SkillFileOpen {
  const opened = openSkillFile(pathInHeld(dir, name), cap);
  if (!stillHeld(dir)) {
    if (opened.kind === "open") closeSync(opened.fd);
    return { kind: "unreadable", detail: DIRECTORY_SWAPPED };
  }
  if (opened.kind === "unreadable" && dir.base !== dir.path) {
    return { kind: "unreadable", detail: opened.detail.replaceAll(dir.base, dir.path) };
  }
  return opened;
}

/**
 * Reads `<dir>/<path>` in one open of its plain path, where the system can
 * name the file a handle holds (/proc/self/fd): the read stands only when
 * the file opened is `<realDir>/<path>` itself, a path with no link in it,
 * so no component of `path` was a link when it was opened, and the bytes
 * come from that handle. Anything else (a link on the way, a missing file,
 * no /proc) answers undefined, and the caller reads through held
 * directories, which say why. One open, one readlink, where the walk opens
 * and closes every directory on the way: an MCP host reads skills file by
 * file, and those calls were most of a read.
 */
export function readResolved(
  dir: string,
  realDir: string,
  path: string,
  cap?: number,
): SkillFileRead | undefined {
  if (!handlesAreNamed()) return undefined;
  const expected = `${realDir}/${path}`;
  return readSkillFileIf(`${dir}/${path}`, cap, (fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === expected;
    } catch {
      return false;
    }
  });
}
