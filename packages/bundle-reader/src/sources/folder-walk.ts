// Lists a folder without following anything: every name is read as raw bytes
// and described by lstat, level by level with bounded parallelism, and only
// real directories are entered. The walk stops as soon as the entry limit is
// passed, so a huge tree costs no more than the limit. Entries come back in a
// fixed order (depth first, names by byte order) so refusals are repeatable.
import { isUtf8 } from "node:buffer";
import type { Stats } from "node:fs";
import { join } from "node:path";
import { MAX_ENTRIES } from "../limits.js";
import { mapLimit } from "../map-limit.js";
import type { Reading } from "../reading.js";
import type { Refusal } from "../types.js";
import { lstatOf, namesIn } from "./fs-calls.js";

const PARALLEL = 32;

/** One entry below the folder: its path as the bundle names it, and what lstat said. */
export type FolderEntry = {
  /** `<folder name>/<relative path>` */
  raw: string;
  utf8: boolean;
  /** Where it is on disk; undefined for a name that is not UTF-8. */
  absolute: string | undefined;
  stats: Stats | undefined;
  children: FolderEntry[];
};

type Walked = { ok: true; entries: FolderEntry[] } | { ok: false; refusal: Refusal };

export async function walkFolder(root: string, name: string, reading: Reading): Promise<Walked> {
  const top: FolderEntry = {
    raw: name,
    utf8: true,
    absolute: root,
    stats: undefined,
    children: [],
  };
  let level = [top];
  let count = 0;
  while (level.length > 0) {
    reading.check();
    const listed = await mapLimit(level, PARALLEL, (dir) => listChildren(dir));
    const failed = listed.find((refusal) => refusal !== undefined);
    if (failed !== undefined) return { ok: false, refusal: failed };
    const children = level.flatMap((dir) => dir.children);
    count += children.length;
    if (count > MAX_ENTRIES) {
      return { ok: false, refusal: { code: "too-many-entries", limit: MAX_ENTRIES } };
    }
    reading.progress(0, count);
    const described = await mapLimit(children, PARALLEL, describe);
    const unreadable = described.find((refusal) => refusal !== undefined);
    if (unreadable !== undefined) return { ok: false, refusal: unreadable };
    level = children.filter((child) => child.stats?.isDirectory() === true);
  }
  const entries: FolderEntry[] = [];
  const visit = (dir: FolderEntry): void => {
    for (const child of dir.children) {
      entries.push(child);
      visit(child);
    }
  };
  visit(top);
  return { ok: true, entries };
}

async function listChildren(dir: FolderEntry): Promise<Refusal | undefined> {
  const listed = await namesIn(dir.absolute!);
  if (!listed.ok) return unreadable(dir.raw, listed.error);
  const names = listed.value.sort(Buffer.compare);
  dir.children = names.map((bytes) => {
    const utf8 = isUtf8(bytes);
    const name = bytes.toString("utf8");
    return {
      raw: `${dir.raw}/${name}`,
      utf8,
      absolute: utf8 ? join(dir.absolute!, name) : undefined,
      stats: undefined,
      children: [],
    };
  });
  return undefined;
}

async function describe(entry: FolderEntry): Promise<Refusal | undefined> {
  if (entry.absolute === undefined) return undefined;
  const described = await lstatOf(entry.absolute);
  if (!described.ok) return unreadable(entry.raw, described.error);
  entry.stats = described.value;
  return undefined;
}

/** The refusal for a path the system would not let us read, in its own words. */
export function unreadable(path: string, error: NodeJS.ErrnoException): Refusal {
  const words = /^[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
  const detail =
    error.code === undefined || words.includes(error.code) ? words : `${words}, ${error.code}`;
  return { code: "unreadable-source", path, detail };
}
