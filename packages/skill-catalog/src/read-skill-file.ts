// Reads one file of a skill without following a link and without reading
// more than a cap: the file is opened with O_NOFOLLOW (and O_NONBLOCK, so a
// fifo put in its place cannot stall the read), its size is checked on the
// open descriptor before any byte is read, and the read stops as soon as the
// cap is passed (a file that grows meanwhile is still bounded). This is the
// one form of the bounded reader: SKILL.md files (capped at
// MAX_SKILL_FILE_BYTES) and a stored skill's other files (capped by what is
// left of the reader's byte limit) alike. The calls are synchronous on
// purpose: a catalog reads thousands of small files, and handing each open,
// fstat, read and close to libuv's thread pool costs several times the calls
// themselves; callers that read many files run them in short slices and
// yield to the event loop between them (see directory-root.ts).
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { MAX_SKILL_FILE_BYTES } from "@skillshelf/contract";

export type SkillFileRead =
  | { kind: "bytes"; bytes: Uint8Array; executable: boolean }
  | { kind: "missing" }
  | { kind: "link" }
  | { kind: "too-large"; size: number }
  | { kind: "unreadable"; detail: string };

/** What reading one file of a stored skill by path gave. */
export type FileRead = SkillFileRead;

const OPEN_FLAGS: number = constants.O_RDONLY | constants.O_NOFOLLOW | (constants.O_NONBLOCK ?? 0);

/** What a failed open means: no file, a link in the way, or an I/O error. */
function describeOpenFailure(error: unknown): SkillFileRead {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
  if (code === "ELOOP") return { kind: "link" };
  return { kind: "unreadable", detail: describeError(error) };
}

/** The bytes of the file at `path` (at most `cap` of them), or why they are not read. */
export function readSkillFile(path: string, cap: number = MAX_SKILL_FILE_BYTES): SkillFileRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return describeOpenFailure(error);
  }
  try {
    return readOpened(fd, cap);
  } catch (error) {
    return { kind: "unreadable", detail: describeError(error) };
  } finally {
    closeSync(fd);
  }
}

/**
 * The file at `path` read as readSkillFile reads it, when `accept` takes the
 * file opened there; undefined when it does not, or when the open fails (the
 * caller then finds out why on its own way).
 */
export function readSkillFileIf(
  path: string,
  cap: number = MAX_SKILL_FILE_BYTES,
  accept: (fd: number) => boolean,
): SkillFileRead | undefined {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    return accept(fd) ? readOpened(fd, cap) : undefined;
  } catch (error) {
    return { kind: "unreadable", detail: describeError(error) };
  } finally {
    closeSync(fd);
  }
}

function readOpened(fd: number, cap: number): SkillFileRead {
  const stats = fstatSync(fd);
  if (!stats.isFile()) return { kind: "unreadable", detail: "it is not a regular file" };
  if (stats.size > cap) return { kind: "too-large", size: stats.size };
  const read = readBounded(fd, stats.size, cap);
  if (read.kind === "bytes") read.executable = (stats.mode & 0o100) !== 0;
  return read;
}

/** A file opened for streaming: its descriptor (the caller closes it), size and mode. */
export type SkillFileOpen =
  | { kind: "open"; fd: number; size: number; executable: boolean }
  | Exclude<SkillFileRead, { kind: "bytes" }>;

/**
 * Opens the file at `path` as readSkillFile does (no link, regular files
 * only, non-blocking, no larger than `cap`), for a caller that streams it
 * rather than holding it whole.
 */
export function openSkillFile(path: string, cap: number): SkillFileOpen {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return describeOpenFailure(error) as SkillFileOpen;
  }
  try {
    const stats = fstatSync(fd);
    let refused: SkillFileOpen | undefined;
    if (!stats.isFile()) refused = { kind: "unreadable", detail: "it is not a regular file" };
    else if (stats.size > cap) refused = { kind: "too-large", size: stats.size };
    if (refused === undefined) {
      return { kind: "open", fd, size: stats.size, executable: (stats.mode & 0o100) !== 0 };
    }
    closeSync(fd);
    return refused;
  } catch (error) {
    closeSync(fd);
    return { kind: "unreadable", detail: describeError(error) };
  }
}

/**
 * Reads to the end of the file, expecting `expected` bytes: one byte more is
 * asked for, so the common case (the file is as fstat described) ends with a
 * single read that comes back short, and a file that grew is read on, still
 * no further than one byte past the cap.
 */
function readBounded(fd: number, expected: number, cap: number): SkillFileRead {
  let buffer = Buffer.allocUnsafe(expected + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, cap + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const want = buffer.length - length;
    const got = readSync(fd, buffer, length, want, null);
    length += got;
    if (length > cap) return { kind: "too-large", size: length };
    if (got === 0 || (length === expected && got < want)) {
      return { kind: "bytes", bytes: buffer.subarray(0, length), executable: false };
    }
  }
}

/** The operating system's words for an I/O error, without a stack. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
