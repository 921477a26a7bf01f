// Reads every file of a skill directory (builtin or in the directory store)
// as the store holds it, through bundle-reader's one tree walk with a stored
// tree's rules (walkStoredTree): regular files and directories only, never
// through a link, within the reader's limits (entries and bytes), in the
// walk's one order, so the first problem found is the same whatever order
// the system lists names in. Each directory is held open while it and
// everything below it is read, and each file is read through it with the
// one bounded reader (held-reads.ts), so a directory swapped for a link
// meanwhile is refused, never followed. What the paths may be, and what a
// file's bytes must be, is judged by the caller with the reader's rules, the
// same as for a bundle; this read refuses only what it cannot read as a
// tree, and a name no path could be (not UTF-8, past the path limit) with
// the contract's own reason.
import {
  DIRECTORY_SWAPPED,
  type StoredTreeEnd,
  type StoredTreeEntry,
  walkStoredTree,
} from "@skillshelf/bundle-reader";
import { checkPath, limits, type Refusal, sortByPath } from "@skillshelf/contract";
import { readIn } from "./held-reads.js";
import { describeError } from "./read-skill-file.js";
import type { StoredFile, StoredFiles } from "./store.js";

/** Every file below `dir`, by POSIX path relative to it, sorted by path. */
export function readDirectoryFiles(dir: string): StoredFiles {
  const { maxEntries, maxBytes } = limits();
  const files: StoredFile[] = [];
  let bytes = 0;
  const visit = (entry: StoredTreeEntry): Refusal | undefined => {
    const path = entry.raw;
    if (!entry.looked) {
      const verdict = checkPath(path, false, entry.utf8);
      return verdict.ok ? undefined : { code: "unsafe-path", path, why: verdict.why };
    }
    if (entry.kind === "directory") return undefined;
    if (entry.kind === "link") return { code: "link", path };
    if (entry.kind !== "file") return { code: "not-regular-file", path };
    const read = readIn(entry.dir, entry.name, maxBytes - bytes);
    if (read.kind === "too-large") return { code: "too-large", limit: maxBytes };
    if (read.kind === "link") return { code: "link", path };
    if (read.kind === "missing") return undefined; // removed since it was listed
    if (read.kind === "unreadable") return { code: "unreadable", path, detail: read.detail };
    bytes += read.bytes.length;
    files.push({ path, executable: read.executable, bytes: read.bytes });
    return undefined;
  };
  let end: StoredTreeEnd<Refusal>;
  try {
    end = walkStoredTree(dir, visit);
  } catch (error) {
    return { ok: false, refusal: { code: "unreadable", detail: describeError(error) } };
  }
  switch (end.kind) {
    case "walked":
      return { ok: true, files: sortByPath(files, (file) => file.path) };
    case "stopped":
      return { ok: false, refusal: end.answer };
    case "too-many-entries":
      return { ok: false, refusal: { code: "too-many-entries", limit: maxEntries } };
    case "missing":
      // The skill itself is gone; a directory below it removed since it was listed is passed over.
      return { ok: false, absent: true };
    case "link":
      return {
        ok: false,
        refusal: end.raw === "" ? { code: "link" } : { code: "link", path: end.raw },
      };
    case "swapped":
      return { ok: false, refusal: unreadable(end.raw, DIRECTORY_SWAPPED) };
    case "unreadable":
      return { ok: false, refusal: unreadable(end.raw, describeError(end.error)) };
  }
}

/** The skill directory itself (`path` empty), or a directory below it, could not be read. */
const unreadable = (path: string, detail: string): Refusal =>
  path === "" ? { code: "unreadable", detail } : { code: "unreadable", path, detail };
