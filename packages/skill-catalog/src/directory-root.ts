// Reading a root that is a directory: the builtin root always, and the
// directory store's managed root. Every entry that could be a skill
// (directories and symbolic links whose names do not start with a dot) is
// read into a StoredEntry for the catalog to judge; a missing root is no
// skills, never an error. Reads are synchronous and run one after another in
// slices of about SLICE_MS, with a yield to the event loop between slices: a
// root of ten thousand small skills costs its system calls and little more
// (sent one by one through libuv's thread pool, the same calls cost several
// times as much, far more on a busy machine), and a server that builds a
// catalog still answers other requests while it does.
import { createHash } from "node:crypto";
import { type Dirent, lstatSync, readdirSync, type Stats, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { holdDirectory, releaseDirectory } from "@skillshelf/bundle-reader";
import { readIn } from "./held-reads.js";
import type { StoredEntry } from "./store.js";

const SLICE_MS = 10;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Reads `<root>/<name>`, known to be a directory (or, with `link`, a symbolic link). */
function readEntry(root: string, name: string, link: boolean): StoredEntry {
  const dir = join(root, name);
  const path = `${dir}/SKILL.md`;
  if (link) {
    // A linked directory is refused when it holds a SKILL.md, and is nothing otherwise.
    const holds = ((): boolean => {
      try {
        statSync(path);
        return true;
      } catch {
        return false;
      }
    })();
    return { name, dir, path, link: true, read: holds ? { kind: "link" } : { kind: "missing" } };
  }
  // Held open, so that a swap of the directory for a link after it was
  // listed cannot send the read outside the root (held-reads.ts).
  const held = holdDirectory(dir);
  if (held.kind === "link") return readEntry(root, name, true);
  if (held.kind === "missing") return { name, dir, path, read: held };
  if (held.kind === "unreadable") {
    return { name, dir, path, read: { kind: "unreadable", detail: held.detail } };
  }
  try {
    return { name, dir, path, read: readIn(held.dir, "SKILL.md") };
  } finally {
    releaseDirectory(held.dir);
  }
}

/** Each skill-looking entry of `root`, read; `each` sees every entry as soon as it is read. */
export async function listRoot<T>(root: string, each: (entry: StoredEntry) => T): Promise<T[]> {
  const candidates = (await listEntries(root)).flatMap((entry): [string, boolean][] => {
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return [[entry.name, false]];
    if (entry.isSymbolicLink()) return [[entry.name, true]];
    return [];
  });
  const found: T[] = [];
  let sliceStarted = performance.now();
  for (const [name, link] of candidates) {
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    found.push(each(readEntry(root, name, link)));
  }
  return found;
}

/** The entry `<root>/<name>` alone: undefined unless it is a directory or a link. */
export function inspectRoot(root: string, name: string): StoredEntry | undefined {
  try {
    const stats = lstatSync(join(root, name));
    if (stats.isDirectory()) return readEntry(root, name, false);
    if (stats.isSymbolicLink()) return readEntry(root, name, true);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}

/** The entries of a root; none when it does not exist or is not a directory. */
export async function listEntries(root: string): Promise<Dirent[]> {
  try {
    return await readdir(root, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw new Error(`cannot list the skill root ${root}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * The entries of a root as listEntries reads them, without the thread
 * pool's round trip, which on a busy machine costs more than the listing;
 * undefined when the root cannot be listed (the catalog's read says why).
 */
function listEntriesNow(root: string): Dirent[] | undefined {
  try {
    return readdirSync(root, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? [] : undefined;
  }
}

/** Whether anything at all is at `path` (not following a link). */
export function isPresent(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Each skill-looking entry of `root` and its SKILL.md's size, from `lstat`
 * alone: no body is opened. A linked entry or one without a SKILL.md weighs
 * nothing, as neither is ever offered.
 */
export async function usageOfRoot(root: string): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  for (const entry of await listEntries(root)) {
    if (entry.name.startsWith(".") || !entry.isDirectory()) continue;
    try {
      const stats = lstatSync(join(root, entry.name, "SKILL.md"));
      if (stats.isFile()) usage.set(entry.name, stats.size);
    } catch {
      // No SKILL.md (or one removed meanwhile): not a skill, nothing to weigh.
    }
  }
  return usage;
}

/**
 * The stamp of every SKILL.md `root` holds (catalog-stamp.ts), from `lstat`
 * alone, or undefined when one changed too recently (within `racyMs` of
 * `now`) for its stamp to tell a later change from it.
 */
export async function stampRoot(
  root: string,
  now: number,
  racyMs: number,
): Promise<string | undefined> {
  // Names and numbers are hashed, not formatted: 1,000 entries' times written
  // out as text cost as much as their lstat calls.
  const names: string[] = [];
  const facts: number[] = [];
  let sliceStarted = performance.now();
  const entries = listEntriesNow(root);
  if (entries === undefined) return undefined;
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const link = entry.isSymbolicLink();
    if (!link && !entry.isDirectory()) continue;
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    // Through a link only whether a SKILL.md is there counts: the catalog refuses such an entry.
    const stats = statOf(`${root}/${entry.name}/SKILL.md`, link);
    if (stats === "unknown") return undefined;
    names.push(entry.name);
    if (link || stats === "absent") {
      facts.push(link ? -1 : -2, stats === "absent" ? 0 : 1, 0, 0, 0, 0);
      continue;
    }
    if (!(stats.ctimeMs < now - racyMs)) return undefined;
    facts.push(stats.dev, stats.ino, stats.mode, stats.size, stats.mtimeMs, stats.ctimeMs);
  }
  return createHash("sha256")
    .update(names.join("/"))
    .update(new Float64Array(facts))
    .digest("base64");
}

/** `lstat` (or through a link, `stat`) of `path`; `unknown` for an error that says nothing of it. */
function statOf(path: string, follow: boolean): Stats | "absent" | "unknown" {
  try {
    return (follow ? statSync : lstatSync)(path, { throwIfNoEntry: false }) ?? "absent";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? "absent" : "unknown";
  }
}
