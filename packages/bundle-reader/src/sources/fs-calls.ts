// The few file system calls a folder read needs, each returning either a value
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
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  type Stats,
} from "node:fs";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: NodeJS.ErrnoException };

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function attempt<T>(call: () => T): Outcome<T> {
  try {
    return { ok: true, value: call() };
  } catch (error) {
    return { ok: false, error: error as NodeJS.ErrnoException };
  }
}

export function lstatOf(path: string): Outcome<Stats> {
  return attempt(() => lstatSync(path));
}

/** Directory entry names as raw bytes, so a name that is not UTF-8 can be told apart. */
export function namesIn(path: string): Outcome<Buffer[]> {
  return attempt(() => readdirSync(path, { encoding: "buffer" }));
}

/**
 * Reads a regular file that lstat described, refusing to follow a link or
 * block on a fifo swapped in since (O_NOFOLLOW, O_NONBLOCK), and checking it
 * still holds exactly the bytes lstat counted: one byte more is asked for, so
 * a file that grew (or a device swapped in) is caught without another call.
 */
export function readExpectedFile(path: string, expected: Stats): Outcome<Buffer> {
  const opened = attempt(() => openSync(path, OPEN_FLAGS));
  if (!opened.ok) return opened;
  const fd = opened.value;
  const outcome = readOpenFile(fd, path, expected.size);
  const closed = attempt(() => closeSync(fd));
  return outcome.ok && !closed.ok ? closed : outcome;
}

function readOpenFile(fd: number, path: string, size: number): Outcome<Buffer> {
  const buffer = Buffer.allocUnsafe(size + 1);
  let offset = 0;
  for (;;) {
    const want = size + 1 - offset;
    const got = attempt(() => readSync(fd, buffer, offset, want, null));
    if (!got.ok) return got;
    offset += got.value;
    if (offset > size) return { ok: false, error: changed(path) };
    if (offset === size && got.value < want) return { ok: true, value: buffer.subarray(0, size) };
    if (got.value === 0) return { ok: false, error: changed(path) };
  }
}

function changed(path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error("it changed while being read");
  error.code = "ECHANGED";
  error.path = path;
  return error;
}
