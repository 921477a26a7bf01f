// Durable writes: a file is created exclusively, given exactly mode 0644 or
// 0755 whatever the umask, written and fsynced before it is closed; a
// directory is fsynced so that the names inside it survive a power cut.
import { open } from "node:fs/promises";

/** Writes `bytes` to a new file at `path` with exactly `mode`, and fsyncs it. */
export async function writeFileDurably(
  path: string,
  bytes: Uint8Array,
  mode: number,
): Promise<void> {
  const handle = await open(path, "wx", mode);
  try {
    await handle.chmod(mode);
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
      written += bytesWritten;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Fsyncs a directory, so that renames and creations inside it are durable. */
export async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Runs `task` over `items`, at most `limit` at a time, stopping at the first failure. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
