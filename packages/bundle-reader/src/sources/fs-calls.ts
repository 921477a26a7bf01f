// The few file system calls a folder read needs, as promises that resolve to
// either a value or the error the system gave. A file system error is a fact
// about the source (it becomes an unreadable-source refusal), not an
// exception, so it is returned rather than thrown. Callback-style calls are
// used because they cost less per call than FileHandle objects.
import { close, constants, fstat, lstat, open, read, readdir, type Stats } from "node:fs";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: NodeJS.ErrnoException };

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function settle<T>(resolve: (o: Outcome<T>) => void) {
  return (error: NodeJS.ErrnoException | null, value: T): void =>
    resolve(error === null ? { ok: true, value } : { ok: false, error });
}

export function lstatOf(path: string): Promise<Outcome<Stats>> {
  return call((done) => lstat(path, done));
}

/** Directory entry names as raw bytes, so a name that is not UTF-8 can be told apart. */
export function namesIn(path: string): Promise<Outcome<Buffer[]>> {
  return call((done) => readdir(path, { encoding: "buffer" }, done));
}

/**
 * Reads a regular file that lstat described, refusing to follow a link or
 * block on a fifo swapped in since, and checking it is still that file.
 */
export async function readExpectedFile(path: string, expected: Stats): Promise<Outcome<Buffer>> {
  const opened = await call<number>((done) => open(path, OPEN_FLAGS, done));
  if (!opened.ok) return opened;
  const fd = opened.value;
  const outcome = await readOpenFile(fd, path, expected);
  await call<void>((done) => close(fd, (error) => done(error, undefined)));
  return outcome;
}

async function readOpenFile(fd: number, path: string, expected: Stats): Promise<Outcome<Buffer>> {
  const described = await call<Stats>((done) => fstat(fd, done));
  if (!described.ok) return described;
  const stats = described.value;
  if (!stats.isFile() || stats.ino !== expected.ino || stats.size !== expected.size) {
    return { ok: false, error: changed(path) };
  }
  const buffer = Buffer.allocUnsafe(stats.size);
  let offset = 0;
  while (offset < buffer.length) {
    const got = await call<number>((done) =>
      read(fd, buffer, offset, buffer.length - offset, offset, done),
    );
    if (!got.ok) return got;
    if (got.value === 0) return { ok: false, error: changed(path) };
    offset += got.value;
  }
  return { ok: true, value: buffer };
}

function call<T>(
  start: (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void,
): Promise<Outcome<T>> {
  return new Promise((resolve) => start(settle(resolve)));
}

function changed(path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error("it changed while being read");
  error.code = "ECHANGED";
  error.path = path;
  return error;
}
