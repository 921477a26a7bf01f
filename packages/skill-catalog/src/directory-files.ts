// Reads every file of a skill directory (builtin or in the directory store)
// as the store holds it: regular files and directories only, never through a
// link, within the reader's limits (entries and bytes), each file with the
// one bounded reader. What the paths may be, and what a file's bytes must
// be, is judged by the caller with the reader's rules, the same as for a
// bundle; this walk only refuses what it cannot read as a tree.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { comparePaths, limits } from "@skillshelf/contract";
import { describeError, readSkillFile } from "./read-skill-file.js";
import type { StoredFile, StoredFiles } from "./store.js";

/** Every file below `dir`, by POSIX path relative to it, sorted by path. */
export function readDirectoryFiles(dir: string): StoredFiles {
  const { maxEntries, maxBytes } = limits();
  const files: StoredFile[] = [];
  let entries = 0;
  let bytes = 0;
  const pending: string[] = [""];
  try {
    while (pending.length > 0) {
      const relative = pending.pop()!;
      for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
        const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
        if (++entries > maxEntries) {
          return { ok: false, refusal: { code: "too-many-entries", limit: maxEntries } };
        }
        if (entry.isSymbolicLink()) return { ok: false, refusal: { code: "link", path } };
        if (entry.isDirectory()) {
          pending.push(path);
          continue;
        }
        if (!entry.isFile()) return { ok: false, refusal: { code: "not-regular-file", path } };
        const read = readSkillFile(join(dir, path), maxBytes - bytes);
        if (read.kind === "too-large") {
          return { ok: false, refusal: { code: "too-large", limit: maxBytes } };
        }
        if (read.kind === "link") return { ok: false, refusal: { code: "link", path } };
        if (read.kind === "missing") continue; // removed while listed
        if (read.kind === "unreadable") {
          return { ok: false, refusal: { code: "unreadable", path, detail: read.detail } };
        }
        bytes += read.bytes.length;
        files.push({ path, executable: read.executable, bytes: read.bytes });
      }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, absent: true };
    return { ok: false, refusal: { code: "unreadable", detail: describeError(error) } };
  }
  files.sort((a, b) => comparePaths(a.path, b.path));
  return { ok: true, files };
}
