// Writes one skill's files into a fresh directory of the staging area: its
// directories 0755, its files 0644 or 0755 where executable, every file and
// every directory fsynced, so that when the tree is renamed into place it is
// already whole on disk.
import { chmod, mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { SkillFile } from "@skillshelf/bundle-reader";
import { forEachLimited, syncDirectory, writeFileDurably } from "./durable.js";

const IN_FLIGHT = 16;

/** Creates `dir` and writes `files` below it, durably. */
export async function writeSkillTree(dir: string, files: readonly SkillFile[]): Promise<void> {
  const dirs = new Set<string>([""]);
  for (const file of files) {
    const parts = file.path.split("/");
    for (let depth = 1; depth < parts.length; depth++) dirs.add(parts.slice(0, depth).join("/"));
  }
  const ordered = [...dirs].sort();
  for (const relative of ordered) {
    const path = relative === "" ? dir : join(dir, relative);
    await mkdir(path, { mode: 0o755 });
    await chmod(path, 0o755);
  }
  await forEachLimited(files, IN_FLIGHT, (file) =>
    writeFileDurably(join(dir, file.path), file.bytes, file.executable ? 0o755 : 0o644),
  );
  const deepestFirst = ordered
    .reverse()
    .map((relative) => (relative === "" ? dir : join(dir, relative)));
  await forEachLimited(deepestFirst, IN_FLIGHT, syncDirectory);
}
