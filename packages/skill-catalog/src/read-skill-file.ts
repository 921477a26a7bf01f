// Reads one SKILL.md without following a link and without reading more than
// the cap: the file is opened with O_NOFOLLOW (and O_NONBLOCK, so a fifo put
// in its place cannot stall the read), its size is checked on the open
// handle before any byte is read, and the read stops as soon as the cap is
// passed (a file that grows meanwhile is still bounded). This is the form for
// one file at a time (load); a scan of a whole root uses the synchronous form
// in read-skill-file-sync.ts, which applies the same rules.
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { MAX_SKILL_FILE_BYTES } from "./id.js";

export type SkillFileRead =
  | { kind: "bytes"; bytes: Buffer }
  | { kind: "missing" }
  | { kind: "link" }
  | { kind: "too-large"; size: number }
  | { kind: "unreadable"; detail: string };

/** The flags both forms open a SKILL.md with. */
export const OPEN_FLAGS: number =
  constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

/** What a failed open means: no file, a link in the way, or an I/O error. */
export function describeOpenFailure(error: unknown): SkillFileRead {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
  if (code === "ELOOP") return { kind: "link" };
  return { kind: "unreadable", detail: describeError(error) };
}

/** The bytes of the file at `path`, or why they are not read. */
export async function readSkillFile(path: string): Promise<SkillFileRead> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    return describeOpenFailure(error);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { kind: "unreadable", detail: "it is not a regular file" };
    if (stats.size > MAX_SKILL_FILE_BYTES) return { kind: "too-large", size: stats.size };
    return await readBounded(handle, stats.size);
  } catch (error) {
    return { kind: "unreadable", detail: describeError(error) };
  } finally {
    await handle.close();
  }
}

async function readBounded(
  handle: Awaited<ReturnType<typeof open>>,
  expected: number,
): Promise<SkillFileRead> {
  let buffer = Buffer.allocUnsafe(expected + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_SKILL_FILE_BYTES + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) return { kind: "bytes", bytes: buffer.subarray(0, length) };
    length += bytesRead;
    if (length > MAX_SKILL_FILE_BYTES) return { kind: "too-large", size: length };
  }
}

/** The operating system's words for an I/O error, without a stack. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
