// Replaces a file so that a reader sees either the old bytes or the new ones,
// never a prefix: the bytes go to a uniquely named temporary file in the same
// directory (so the rename cannot cross file systems), are flushed to disk,
// and the temporary file is renamed over the target; the directory is flushed
// last so the rename itself survives a crash. On failure the temporary file
// is removed and the error is passed on. A temporary file names the process
// that wrote it, so one left by a process that died mid-write is cleared by
// the next write, while a live writer's file is never touched.
import { randomUUID } from "node:crypto";
import { open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { isProcessAlive } from "@skillshelf/contract";

/** Writes text to path atomically (temporary file, fsync, rename, fsync of the directory). */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await clearStaleTemporaries(dir, basename(path));
  const temporary = join(dir, `.${basename(path)}.${process.pid}.${randomUUID()}.tmp`);
  try {
    const file = await open(temporary, "wx", 0o644);
    try {
      await file.writeFile(text, "utf8");
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes temporary files for `name` in dir whose writing process no longer exists. */
async function clearStaleTemporaries(dir: string, name: string): Promise<void> {
  const prefix = `.${name}.`;
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return; // the write itself reports a directory it cannot use
  }
  for (const entry of entries) {
    if (!entry.startsWith(prefix) || !entry.endsWith(".tmp")) continue;
    const pid = Number(entry.slice(prefix.length).split(".")[0]);
    if (Number.isSafeInteger(pid) && pid > 0 && !isProcessAlive(pid)) {
      await rm(join(dir, entry), { force: true });
    }
  }
}
