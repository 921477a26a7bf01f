// A folder on disk as a bundle: it contributes `<folder name>/<relative path>`
// for each entry (with `path`, only the selected directory is walked). Everything is listed and judged from lstat first (kinds,
// paths, the entry count and the sum of sizes), and only then are files read,
// each checked to still be the file lstat saw. The calls are synchronous and
// run in short slices between which the event loop runs (see fs-calls.ts).
import type { Stats } from "node:fs";
import { join } from "node:path";
import type { Candidate, EntriesResult } from "../entries.js";
import { Ledger } from "../ledger.js";
import type { Reading } from "../reading.js";
import { pathSegments, wantedFor } from "../select.js";
import { type FolderEntry, unreadable, walkFolder } from "./folder-walk.js";
import { lstatOf, readExpectedFile } from "./fs-calls.js";

type Pending = { slot: number; entry: FolderEntry };

/** Reads the folder at `root`, given by the caller as `shown`, as the entries of `name`. */
export async function readFolder(
  root: string,
  shown: string,
  name: string,
  reading: Reading,
): Promise<EntriesResult> {
  const start =
    reading.path === undefined ? { absolute: root, raw: name } : startOf(root, name, reading.path);
  // A `path` that names no directory of the folder: nothing is walked, and the
  // skills step says so (not-in-source), as it does for an archive.
  if (start === undefined) return new Ledger(true).finish(undefined);
  const walked = await walkFolder(start.absolute, shown, start.raw, reading);
  if (!walked.ok) return walked;
  const ledger = new Ledger(true, wantedFor(reading.path));
  const pending: Pending[] = [];
  for (const entry of walked.entries) {
    const admission = ledger.admit(candidateOf(entry));
    if (admission.kind === "refused") return { ok: false, refusal: admission.refusal };
    // A name never looked up (not UTF-8, too long) has nothing to read: it is refused if selected.
    if (admission.kind === "file" && entry.stats !== undefined) {
      pending.push({ slot: admission.slot, entry });
    }
  }
  let bytes = 0;
  for (const { slot, entry } of pending) {
    const stats = entry.stats!;
    const read = readExpectedFile(entry.absolute!, stats);
    if (!read.ok) return { ok: false, refusal: unreadable(entry.raw, read.error) };
    ledger.fill(slot, read.value, (stats.mode & 0o100) !== 0);
    bytes += read.value.length;
    reading.progress(bytes, ledger.entries);
    const pause = reading.pause();
    if (pause !== undefined) await pause;
  }
  return ledger.finish(undefined);
}

/**
 * The directory `path` selects, walked alone: as stored (the folder's entries
 * begin with its own name), else below the folder, its one top directory.
 * Only a real directory qualifies; a link is never followed.
 */
function startOf(
  root: string,
  name: string,
  path: string,
): { absolute: string; raw: string } | undefined {
  const segments = pathSegments(path);
  if (segments === undefined) return undefined;
  const tries = segments[0] === name ? [segments.slice(1), segments] : [segments];
  for (const rest of tries) {
    const absolute = join(root, ...rest);
    const described = lstatOf(absolute);
    if (described.ok && described.value.isDirectory()) {
      return { absolute, raw: [name, ...rest].join("/") };
    }
  }
  return undefined;
}

function candidateOf(entry: FolderEntry): Candidate {
  const { raw, utf8, stats } = entry;
  if (stats === undefined) return { raw, utf8, kind: "file", size: 0 };
  if (stats.isSymbolicLink()) return { raw, kind: "link", size: 0, detail: "a symbolic link" };
  if (stats.isDirectory()) return { raw, kind: "directory", size: 0 };
  if (stats.isFile()) {
    if (stats.nlink > 1) {
      return { raw, kind: "link", size: 0, detail: `a hard link, one of ${stats.nlink} names` };
    }
    return { raw, kind: "file", size: stats.size };
  }
  return { raw, kind: "special", size: 0, detail: describeSpecial(stats) };
}

function describeSpecial(stats: Stats): string {
  if (stats.isFIFO()) return "a fifo";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "of an unknown kind";
}
