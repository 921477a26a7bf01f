// The few file system calls a folder read (and the tree walk) needs, each returning either a value
// or the error the system gave: a file system error is a fact about the
// source (it becomes an unreadable-source refusal), not an exception. The
// calls are synchronous on purpose. A bundle is bounded (10,000 entries, 64
// MiB), and handing each of tens of thousands of tiny calls to libuv's thread
// pool costs several times the calls themselves, far more on a busy machine;
// the folder reader instead runs them in short slices and yields to the event
// loop between slices, so it stays responsive and abortable.
import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  type Stats,
} from "node:fs";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: NodeJS.ErrnoException };

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function failed(error: unknown): { ok: false; error: NodeJS.ErrnoException } {
  return { ok: false, error: error as NodeJS.ErrnoException };
}

export function lstatOf(path: string): Outcome<Stats> {
  try {
    return { ok: true, value: lstatSync(path) };
  } catch (error) {
    return failed(error);
  }
}

/**
 * A directory's entries with the kind the directory itself records (so a
 * directory or a link needs no lstat of its own), names as raw bytes so a
 * name that is not UTF-8 can be told apart.
 */
export function entriesIn(path: string): Outcome<Dirent<Buffer>[]> {
  try {
    return { ok: true, value: readdirSync(path, { encoding: "buffer", withFileTypes: true }) };
  } catch (error) {
    return failed(error);
  }
}

/**
 * Reads a regular file that lstat described, refusing to follow a link or
 * block on a fifo swapped in since (O_NOFOLLOW, O_NONBLOCK), checking with
 * fstat that the file opened is the one lstat saw (same device, inode and
 * size), and asking for one byte more than that size, so a file that grew
 * while being read is caught without another call.
 */
export function readExpectedFile(
  path: string,
  expected: { size: number; ino: number; dev: number },
): Outcome<Buffer> {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return failed(error);
  }
  let outcome: Outcome<Buffer>;
  try {
    const opened = fstatSync(fd);
    outcome =
      opened.isFile() &&
      opened.ino === expected.ino &&
      opened.dev === expected.dev &&
      opened.size === expected.size
        ? readOpenFile(fd, path, expected.size)
        : { ok: false, error: changed(path) };
  } catch (error) {
    outcome = failed(error);
  }
  try {
    closeSync(fd);
  } catch (error) {
    if (outcome.ok) return failed(error);
  }
  return outcome;
}

/** Throws what readSync throws; the caller turns it into an outcome. */
function readOpenFile(fd: number, path: string, size: number): Outcome<Buffer> {
  const buffer = Buffer.allocUnsafe(size + 1);
  let offset = 0;
  for (;;) {
    const want = size + 1 - offset;
    const got = readSync(fd, buffer, offset, want, null);
    offset += got;
    if (offset > size) return { ok: false, error: changed(path) };
    if (offset === size && got < want) return { ok: true, value: buffer.subarray(0, size) };
    if (got === 0) return { ok: false, error: changed(path) };
  }
}

function changed(path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error("it changed while being read");
  error.code = "ECHANGED";
  error.path = path;
  return error;
}
