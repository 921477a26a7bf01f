// A managed store holding skills imported as an operator imports them: a
// bundle folder written from data, then `skillshelf import` through the
// built CLI. The drift, trust-gate and watch tests each start from one.
import { join } from "node:path";
import { runBin } from "./run.js";
import { makeRoots, makeTempDir, writeTree } from "./trees.js";

/** Fresh roots whose store holds the bundle `files` (paths below the bundle folder), with the folder's path. */
export async function importedRoots(
  files: Record<string, string>,
): Promise<{ data: string; args: string[]; source: string }> {
  const { data, args } = makeRoots();
  const source = join(makeTempDir("skillshelf-cli-src-"), "bundle");
  writeTree(source, files);
  const run = await runBin(["import", source, ...args]);
  if (run.code !== 0) throw new Error(`the import of the test bundle failed: ${run.stderr}`);
  return { data, args, source };
}
