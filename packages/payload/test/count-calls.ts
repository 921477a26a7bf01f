// Counts calls into the file system and the hash constructor while a function
// runs, by wrapping node:fs, node:fs/promises and node:crypto exports in place
// and syncing the ES module bindings every importer sees. A behavioural
// measure of cost: unlike a timing, it does not depend on the machine's load.
import { createRequire, syncBuiltinESMExports } from "node:module";

const require = createRequire(import.meta.url);

const watched: Record<string, string[]> = {
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

/** Runs fn and returns how many watched calls it made, by name. */
export async function countCalls(fn: () => Promise<unknown>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const restore: (() => void)[] = [];
  for (const [specifier, names] of Object.entries(watched)) {
    const target = require(specifier) as Record<string, unknown>;
    for (const name of names) {
      const original = target[name];
      if (typeof original !== "function") continue;
      const key = `${specifier.slice(5)}.${name}`;
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
