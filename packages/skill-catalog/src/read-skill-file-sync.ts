// The synchronous form of readSkillFile, for scanning a whole root, with the
// same rules: the file is opened with O_NOFOLLOW (and O_NONBLOCK, so a fifo put
// in its place cannot stall the read), its size is checked on the open
// descriptor before any byte is read, and the read stops as soon as the cap is
// passed (a file that grows meanwhile is still bounded). The calls are
// synchronous on purpose: a catalog reads thousands of small files, and
// handing each open, fstat, read and close to libuv's thread pool costs
// several times the calls themselves; callers run many reads in short slices
// and yield to the event loop between them (see scan-root.ts).
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { MAX_SKILL_FILE_BYTES } from "./id.js";
import {
  describeError,
  describeOpenFailure,
  OPEN_FLAGS,
  type SkillFileRead,
} from "./read-skill-file.js";

/** The bytes of the file at `path`, or why they are not read. */
export function readSkillFileSync(path: string): SkillFileRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return describeOpenFailure(error);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { kind: "unreadable", detail: "it is not a regular file" };
    if (stats.size > MAX_SKILL_FILE_BYTES) return { kind: "too-large", size: stats.size };
    return readBounded(fd, stats.size);
  } catch (error) {
    return { kind: "unreadable", detail: describeError(error) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads to the end of the file, expecting `expected` bytes: one byte more is
 * asked for, so the common case (the file is as fstat described) ends with a
 * single read that comes back short, and a file that grew is read on, still
 * no further than one byte past the cap.
 */
function readBounded(fd: number, expected: number): SkillFileRead {
  let buffer = Buffer.allocUnsafe(expected + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_SKILL_FILE_BYTES + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const want = buffer.length - length;
    const got = readSync(fd, buffer, length, want, null);
    length += got;
    if (length > MAX_SKILL_FILE_BYTES) return { kind: "too-large", size: length };
    if (got === 0 || (length === expected && got < want)) {
      return { kind: "bytes", bytes: buffer.subarray(0, length) };
    }
  }
}
