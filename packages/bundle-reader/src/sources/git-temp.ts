// The one place a git source touches the disk: a directory under the system
// temporary directory named `skillshelf-git-<pid>-<random>`, removed when the
// read ends whatever the outcome. A process killed mid-read cannot remove
// its own, so every git read first sweeps the directories of that prefix
// whose owning process is gone (same user only, never through a link); a
// live process's directory is never touched, however old.
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProcessAlive } from "@skillshelf/contract";

export const GIT_TEMP_PREFIX = "skillshelf-git-";
const OWNED = /^skillshelf-git-(\d+)-[A-Za-z0-9]+$/;

/** A fresh temporary directory for one git read, named after this process; undefined when none can be made. */
export function makeGitTemp(): string | undefined {
  try {
    return mkdtempSync(join(tmpdir(), `${GIT_TEMP_PREFIX}${process.pid}-`));
  } catch {
    return undefined;
  }
}

/** Removes `dir` and all below it; never throws. */
export function removeGitTemp(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Left for the next sweep.
  }
}

/** Removes the git temporary directories of processes that are gone; returns how many. */
export function sweepStaleGitTemps(): number {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return 0;
  }
  let swept = 0;
  for (const name of names) {
    const pid = OWNED.exec(name)?.[1];
    if (pid === undefined || isProcessAlive(Number(pid))) continue;
    const dir = join(tmpdir(), name);
    if (!isOwnDirectory(dir)) continue;
    removeGitTemp(dir);
    swept += 1;
  }
  return swept;
}

function isOwnDirectory(dir: string): boolean {
  try {
    const stats = lstatSync(dir);
    const uid = process.getuid?.();
    return stats.isDirectory() && (uid === undefined || stats.uid === uid);
  } catch {
    return false;
  }
}
