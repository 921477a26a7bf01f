// Counts calls into the file system and the hash constructor while a function
// runs, by wrapping the exports of node:fs, node:fs/promises and node:crypto
// in place and syncing the ES module bindings every importer sees. A
// behavioural measure of cost: unlike a timing, it does not depend on how
// busy the machine is, so a test can hold code to "the same calls for 10
// skills as for 2,000" or "a fixed number of reads per skill".
import { createRequire, syncBuiltinESMExports } from "node:module";

const require = createRequire(import.meta.url);

/** Built-in module specifier -> the export names to count. */
export type Watched = Record<string, readonly string[]>;

/** What `countCalls` watches unless told otherwise. */
export const watchedCalls: Watched = {
  "node:fs/promises": ["open", "readFile", "readdir", "opendir", "lstat", "stat", "realpath"],
  "node:fs": [
    "open",
    "openSync",
    "read",
    "readSync",
    "readFile",
    "readFileSync",
    "readdir",
    "readdirSync",
    "opendir",
    "opendirSync",
    "lstat",
    "lstatSync",
    "stat",
    "statSync",
    "fstat",
    "fstatSync",
  ],
  "node:crypto": ["createHash"],
};

/**
 * Runs fn and returns how many watched calls it made, keyed by module and
 * name without the `node:` prefix (`fs/promises.open`, `fs.readSync`,
 * `crypto.createHash`). Calls never made have no key.
 */
export async function countCalls(
  fn: () => Promise<unknown>,
  watched: Watched = watchedCalls,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const restore: (() => void)[] = [];
  for (const [specifier, names] of Object.entries(watched)) {
    const target = require(specifier) as Record<string, unknown>;
    for (const name of names) {
      const original = target[name];
      if (typeof original !== "function") continue;
      const key = `${specifier.replace(/^node:/, "")}.${name}`;
      target[name] = function (this: unknown, ...args: unknown[]) {
        counts[key] = (counts[key] ?? 0) + 1;
        return original.apply(this, args);
      };
      restore.push(() => {
        target[name] = original;
      });
    }
  }
  syncBuiltinESMExports();
  try {
    await fn();
  } finally {
    for (const undo of restore) undo();
    syncBuiltinESMExports();
  }
  return counts;
}

/** The sum of all counts. */
export function totalCalls(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}
