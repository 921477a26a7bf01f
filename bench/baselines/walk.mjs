// Plain directory walks: readdir, lstat, readFile and one check per file,
// with no rules at all. Each walk exists in two forms (async with a
// directory's entries in parallel, and synchronous); benchmarks compare
// against whichever is faster on the machine at hand, so a ratio is never
// flattered by a slow baseline. (A sequential async walk was slower than
// both in every trial, by 3-30 times, so it is not run.)

import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** Recursive walk (async), every entry of a directory handled at once. */
export async function walkFolderParallel(root) {
  const counts = await Promise.all(
    (await readdir(root)).map(async (name) => {
      const path = join(root, name);
      const stats = await lstat(path);
      if (stats.isDirectory()) return walkFolderParallel(path);
      if (!stats.isFile()) return 0;
      if (!isUtf8(await readFile(path))) throw new Error(`${path} is not UTF-8`);
      return 1;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Recursive walk (sync), same steps as walkFolderParallel. */
export function walkFolderSync(root) {
  let files = 0;
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    const stats = lstatSync(path);
    if (stats.isDirectory()) files += walkFolderSync(path);
    else if (stats.isFile()) {
      if (!isUtf8(readFileSync(path))) throw new Error(`${path} is not UTF-8`);
      files += 1;
    }
  }
  return files;
}

/** One level of skill directories (async), every directory handled at once. */
export async function hashSkillsParallel(root) {
  const digests = await Promise.all(
    (await readdir(root)).map(async (name) => {
      const directory = join(root, name);
      if (!(await lstat(directory)).isDirectory()) return null;
      const file = join(directory, "SKILL.md");
      if (!(await lstat(file)).isFile()) return null;
      return createHash("sha256")
        .update(await readFile(file))
        .digest("hex");
    }),
  );
  return digests.filter((digest) => digest !== null).length;
}

/** One level of skill directories (sync), same steps as hashSkillsParallel. */
export function hashSkillsSync(root) {
  const digests = [];
  for (const name of readdirSync(root)) {
    const directory = join(root, name);
    if (!lstatSync(directory).isDirectory()) continue;
    const file = join(directory, "SKILL.md");
    if (!lstatSync(file).isFile()) continue;
    digests.push(createHash("sha256").update(readFileSync(file)).digest("hex"));
  }
  return digests.length;
}
