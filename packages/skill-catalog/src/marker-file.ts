// The store's small marker files (the lock's owner, the generation) are read
// by every process that opens the store, readers included, so a read of one
// must neither follow a link nor wait: a pipe, a device or a directory put in
// its place reads as no value, never as a hang or someone else's file.
import { constants } from "node:fs";
import { open } from "node:fs/promises";

/** The first `maxBytes` of the regular file at `path` as text; undefined when it is anything else or unreadable. */
export async function readMarker(path: string, maxBytes: number): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    if (!(await handle.stat()).isFile()) return undefined;
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    return buffer.toString("utf8", 0, bytesRead);
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => {});
  }
}
