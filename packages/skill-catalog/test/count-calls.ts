// Counts calls into node:fs/promises while a function runs, by wrapping the
// module's exports in place and syncing the ES module bindings every importer
// sees. A behavioural measure of cost that does not depend on machine load.
import { createRequire, syncBuiltinESMExports } from "node:module";

const require = createRequire(import.meta.url);
const names = ["open", "readFile", "readdir", "opendir", "lstat", "stat", "realpath"];

/** Runs fn and returns how many calls it made into node:fs/promises, by name. */
export async function countCalls(fn: () => Promise<unknown>): Promise<Record<string, number>> {
  const target = require("node:fs/promises") as Record<string, unknown>;
  const counts: Record<string, number> = {};
  const originals = new Map<string, unknown>();
  for (const name of names) {
    const original = target[name] as (...args: unknown[]) => unknown;
    originals.set(name, original);
    target[name] = (...args: unknown[]) => {
      counts[name] = (counts[name] ?? 0) + 1;
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  try {
    await fn();
  } finally {
    for (const [name, original] of originals) target[name] = original;
    syncBuiltinESMExports();
  }
  return counts;
}
