// Reads every file of a skill directory (builtin or in the directory store)
// as the store holds it: regular files and directories only, never through a
// link, within the reader's limits (entries and bytes), each file with the
// one bounded reader. What the paths may be, and what a file's bytes must
// be, is judged by the caller with the reader's rules, the same as for a
// bundle; this walk only refuses what it cannot read as a tree. Each
// directory is held open while it is listed and read (held-directory.ts), so
// a directory swapped for a link meanwhile is refused, never followed; one
// handle is held per level of the directory being read.
//
// bundle-reader's folder walker is not used here: it reads a source, whose
// rules differ from a stored tree's (it sets aside `.DS_Store` and `.git`,
// refuses hard links, and names entries under the folder's own name), and a
// stored tree must be read exactly as the record describes it.
import { readdirSync } from "node:fs";
import { comparePaths, limits } from "@skillshelf/contract";
import {
  type HeldDirectory,
  holdChild,
  holdDirectory,
  pathIn,
  readIn,
  release,
  SWAPPED,
  stillHeld,
} from "./held-directory.js";
import { describeError } from "./read-skill-file.js";
import type { StoredFile, StoredFiles } from "./store.js";

type Walk = { files: StoredFile[]; entries: number; bytes: number };

/** Every file below `dir`, by POSIX path relative to it, sorted by path. */
export function readDirectoryFiles(dir: string): StoredFiles {
  const held = holdDirectory(dir);
  if (held.kind === "missing") return { ok: false, absent: true };
  if (held.kind === "link") return { ok: false, refusal: { code: "link" } };
  if (held.kind === "unreadable") {
    return { ok: false, refusal: { code: "unreadable", detail: held.detail } };
  }
  const walk: Walk = { files: [], entries: 0, bytes: 0 };
  let refused: StoredFiles | undefined;
  try {
    refused = readBelow(held.dir, "", walk);
  } catch (error) {
    refused = { ok: false, refusal: { code: "unreadable", detail: describeError(error) } };
  } finally {
    release(held.dir);
  }
  if (refused !== undefined) return refused;
  walk.files.sort((a, b) => comparePaths(a.path, b.path));
  return { ok: true, files: walk.files };
}

/** Reads the held directory `dir`, whose path below the skill is `relative`, and everything below it. */
function readBelow(dir: HeldDirectory, relative: string, walk: Walk): StoredFiles | undefined {
  const { maxEntries, maxBytes } = limits();
  const below: string[] = [];
  const entries = readdirSync(pathIn(dir, "."), { withFileTypes: true });
  if (!stillHeld(dir)) return swapped(relative);
  for (const entry of entries) {
    const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
    if (++walk.entries > maxEntries) {
      return { ok: false, refusal: { code: "too-many-entries", limit: maxEntries } };
    }
    if (entry.isSymbolicLink()) return { ok: false, refusal: { code: "link", path } };
    if (entry.isDirectory()) {
      below.push(entry.name);
      continue;
    }
    if (!entry.isFile()) return { ok: false, refusal: { code: "not-regular-file", path } };
    const read = readIn(dir, entry.name, maxBytes - walk.bytes);
    if (read.kind === "too-large") {
      return { ok: false, refusal: { code: "too-large", limit: maxBytes } };
    }
    if (read.kind === "link") return { ok: false, refusal: { code: "link", path } };
    if (read.kind === "missing") continue; // removed while listed
    if (read.kind === "unreadable") {
      return { ok: false, refusal: { code: "unreadable", path, detail: read.detail } };
    }
    walk.bytes += read.bytes.length;
    walk.files.push({ path, executable: read.executable, bytes: read.bytes });
  }
  for (const name of below) {
    const path = relative === "" ? name : `${relative}/${name}`;
    const child = holdChild(dir, name);
    if (child.kind === "missing") continue; // removed while listed
    if (child.kind === "link") return { ok: false, refusal: { code: "link", path } };
    if (child.kind === "unreadable") {
      return { ok: false, refusal: { code: "unreadable", path, detail: child.detail } };
    }
    try {
      const refused = readBelow(child.dir, path, walk);
      if (refused !== undefined) return refused;
    } finally {
      release(child.dir);
    }
  }
  return undefined;
}

const swapped = (path: string): StoredFiles => ({
  ok: false,
  refusal:
    path === ""
      ? { code: "unreadable", detail: SWAPPED }
      : { code: "unreadable", path, detail: SWAPPED },
});
