// The plain way to put a bundle on disk: mkdir each directory, writeFile
// each file with its mode, no staging, no fsync, no rename. The catalog's
// install is compared with the faster of an awaited writeFile loop and a
// writeFileSync loop (which wins changes from run to run on this disk), to
// show what all-or-nothing durability costs.

import { mkdirSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

function* listTargets(root, skills) {
  for (const skill of skills) {
    for (const file of skill.files) {
      const path = join(root, skill.name, file.path);
      yield { path, directory: dirname(path), file };
    }
  }
}

/** Writes every file of `skills` below `root` with awaited writeFile calls; returns the count. */
export async function writeSkillsPlainly(root, skills) {
  const made = new Set();
  let written = 0;
  for (const { path, directory, file } of listTargets(root, skills)) {
    if (!made.has(directory)) {
      await mkdir(directory, { recursive: true });
      made.add(directory);
    }
    await writeFile(path, file.text, { mode: file.executable ? 0o755 : 0o644 });
    written += 1;
  }
  return written;
}

/** Same as writeSkillsPlainly with writeFileSync. */
export function writeSkillsPlainlySync(root, skills) {
  const made = new Set();
  let written = 0;
  for (const { path, directory, file } of listTargets(root, skills)) {
    if (!made.has(directory)) {
      mkdirSync(directory, { recursive: true });
      made.add(directory);
    }
    writeFileSync(path, file.text, { mode: file.executable ? 0o755 : 0o644 });
    written += 1;
  }
  return written;
}
