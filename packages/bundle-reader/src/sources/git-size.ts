// How many bytes a git source's temporary directory holds, polled while git
// fetches into it: the fetch is cut at the reader's byte limit rather than
// left to fill the disk. Links are counted, never followed.
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The sum of the sizes of the files below `dir` (0 for what cannot be read). */
export function sizeOf(dir: string): number {
  let total = 0;
  const pending = [dir];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    let names: string[];
    try {
      names = readdirSync(next);
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(next, name);
      try {
        const stats = lstatSync(path);
        if (stats.isDirectory()) pending.push(path);
        else total += stats.size;
      } catch {
        // Gone meanwhile (git renames its temporary files).
      }
    }
  }
  return total;
}
