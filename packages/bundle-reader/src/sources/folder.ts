// A folder on disk as a bundle: it contributes `<folder name>/<relative path>`
// for each entry (with `path`, only the selected directory is walked).
// Everything is listed and judged first (kinds from the directories'
// records, a regular file's size and links from lstat; paths, the entry
// count and the sum of sizes), and only then are files read, each checked to
// still be the file lstat saw. The calls are synchronous and run in short
// slices between which the event loop runs (see fs-calls.ts); the directory
// handles a deep tree is walked from are let go whatever the outcome.
import { join } from "node:path";
import type { EntriesResult } from "../entries.js";
import { Ledger } from "../ledger.js";
import type { Reading } from "../reading.js";
import { pathSegments, wantedFor } from "../select.js";
import type { DiskFile } from "../tree/walk-tree.js";
import { Places } from "./folder-places.js";
import { unreadable, walkFolder } from "./folder-walk.js";
import { lstatOf, readExpectedFile } from "./fs-calls.js";

type Pending = { slot: number; file: DiskFile; raw: string };

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
  const places = new Places();
  try {
    return await readWalked(start, shown, reading, places);
  } finally {
    places.release();
  }
}

async function readWalked(
  start: { absolute: string; raw: string },
  shown: string,
  reading: Reading,
  places: Places,
): Promise<EntriesResult> {
  const walked = await walkFolder(start.absolute, shown, start.raw, reading, places);
  if (!walked.ok) return walked;
  const ledger = new Ledger(true, wantedFor(reading.path));
  const pending: Pending[] = [];
  for (const entry of walked.entries) {
    const admission = ledger.admit(entry);
    if (admission.kind === "refused") return { ok: false, refusal: admission.refusal };
    // A name never looked up (not UTF-8, too long) has nothing to read: it is refused if selected.
    if (admission.kind === "file" && entry.file !== undefined) {
      pending.push({ slot: admission.slot, file: entry.file, raw: entry.raw });
    }
  }
  let bytes = 0;
  for (const { slot, file, raw } of pending) {
    const read = readExpectedFile(file.path, file);
    if (!read.ok) return { ok: false, refusal: unreadable(raw, read.error) };
    ledger.fill(slot, read.value, (file.mode & 0o100) !== 0);
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
