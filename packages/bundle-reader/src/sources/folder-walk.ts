// Lists a folder without following anything: every name is read as raw bytes
// and described by lstat, and only real directories are entered. The walk
// stops as soon as the entry limit is passed, so a huge tree costs no more
// than the limit, and a .git directory is never entered. Entries come in a fixed order (depth first, names by byte
// order) so refusals are repeatable.
import { isUtf8 } from "node:buffer";
import type { Stats } from "node:fs";
import { join } from "node:path";
import { MAX_ENTRIES } from "../limits.js";
import { MAX_PATH_BYTES } from "../paths.js";
import type { Reading } from "../reading.js";
import type { Refusal } from "../types.js";
import { lstatOf, namesIn } from "./fs-calls.js";

/** One entry below the folder: its path as the bundle names it, and what lstat said. */
export type FolderEntry = {
  /** `<folder name>/<relative path>` */
  raw: string;
  utf8: boolean;
  /** Where it is on disk; undefined for a name never looked up (not UTF-8, too long). */
  absolute: string | undefined;
  stats: Stats | undefined;
};

type Walked = { ok: true; entries: FolderEntry[] } | { ok: false; refusal: Refusal };

type Frame = { children: FolderEntry[]; next: number };

export async function walkFolder(
  root: string,
  shown: string,
  name: string,
  reading: Reading,
): Promise<Walked> {
  const entries: FolderEntry[] = [];
  let described = 0;
  const list = (raw: string, absolute: string): Frame | Refusal => {
    const listed = namesIn(absolute);
    if (!listed.ok) return unreadable(raw, listed.error);
    described += listed.value.length;
    if (described > MAX_ENTRIES) return { code: "too-many-entries", limit: MAX_ENTRIES };
    const children: FolderEntry[] = [];
    for (const bytes of listed.value.sort(Buffer.compare)) {
      const child = describe(raw, absolute, bytes);
      if ("code" in child) return child;
      children.push(child);
    }
    return { children, next: 0 };
  };
  const top = list(name, root);
  if ("code" in top) {
    const refusal = top.code === "unreadable-source" ? { ...top, path: shown } : top;
    return { ok: false, refusal };
  }
  const stack = [top];
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    const child = frame.children[frame.next++];
    if (child === undefined) {
      stack.pop();
      continue;
    }
    entries.push(child);
    // A clone's .git is set aside whole, so it is not walked at all (its pack
    // files are hard links, and it can hold more entries than the bundle).
    if (child.stats?.isDirectory() === true && !child.raw.endsWith("/.git")) {
      const below = list(child.raw, child.absolute!);
      if ("code" in below) return { ok: false, refusal: below };
      stack.push(below);
      reading.progress(0, described);
      const pause = reading.pause();
      if (pause !== undefined) await pause;
    }
  }
  return { ok: true, entries };
}

function describe(parentRaw: string, parent: string, bytes: Buffer): FolderEntry | Refusal {
  const name = bytes.toString("utf8");
  const raw = `${parentRaw}/${name}`;
  if (!isUtf8(bytes)) return { raw, utf8: false, absolute: undefined, stats: undefined };
  // A path already too long is refused when it is admitted; looking it up
  // could only fail with a less helpful error.
  if (Buffer.byteLength(raw) > MAX_PATH_BYTES) {
    return { raw, utf8: true, absolute: undefined, stats: undefined };
  }
  const absolute = join(parent, name);
  const described = lstatOf(absolute);
  if (!described.ok) return unreadable(raw, described.error);
  return { raw, utf8: true, absolute, stats: described.value };
}

/** The refusal for a path the system would not let us read, in its own words. */
export function unreadable(path: string, error: NodeJS.ErrnoException): Refusal {
  const words = /^[A-Z]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
  const detail =
    error.code === undefined || words.includes(error.code) ? words : `${words}, ${error.code}`;
  return { code: "unreadable-source", path, detail };
}
