// Replaces a file so that a reader sees either the old bytes or the new ones,
// never a prefix: the bytes go to a uniquely named temporary file in the same
// directory (so the rename cannot cross file systems), are flushed to disk,
// and the temporary file is renamed over the target; the directory is flushed
// last so the rename itself survives a crash. On failure the temporary file
// is removed and the error is passed on.
import { randomUUID } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Writes text to path atomically (temporary file, fsync, rename, fsync of the directory). */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const dir = dirname(path);
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
