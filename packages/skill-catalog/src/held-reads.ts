// One file read inside a directory held open (bundle-reader's held
// directory), with the one bounded reader: through the directory's handle,
// so a directory swapped for a link after it was opened cannot redirect the
// read outside the store, or, where a handle cannot name its directory,
// through the plain path, refused when that path no longer names the
// directory held. The catalog's single reads (a SKILL.md, a record, one file
// by path) and the walk of a stored tree (directory-files.ts) read so.
import { closeSync } from "node:fs";
import {
  DIRECTORY_SWAPPED,
  type HeldDirectory,
  pathInHeld,
  stillHeld,
} from "@skillshelf/bundle-reader";
import {
  openSkillFile,
  readSkillFile,
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
