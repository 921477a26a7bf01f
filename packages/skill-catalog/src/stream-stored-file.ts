// One file of an offered skill as a stream, for the server's file route: a
// file of up to the reader's 64 MiB limit, asked for by many clients that
// read slowly (or never), must cost each of them a stream's buffer, not the
// whole file held until the client reads it. The file is opened once, the
// way readStoredFile reads it (no link followed at any level, regular files
// only, capped), and read twice through that descriptor: first in chunks to
// tell text from binary (the summary every surface shows, which decides the
// content type before a byte is sent), then as the stream itself. A store
// that cannot hand out a descriptor (PostgreSQL, whose rows arrive whole)
// is read whole, as before.
import { closeSync, createReadStream, read } from "node:fs";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { judgeSkillPaths } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import type { Roots } from "./roots.js";
import { locateStore, readStoredFile, type SkillFileSummary } from "./skill-files.js";

export type StoredFileStream =
  | { ok: true; file: SkillFileSummary; stream: Readable }
  | { ok: false; refusal: Refusal };

const readAt = promisify(read);
const CHUNK = 64 * 1024;

/** The file `path` of the offered skill `id`, as a stream, with its summary. */
export async function streamStoredFile(
  roots: Roots,
  id: string,
  path: string,
): Promise<StoredFileStream> {
  const unsafe = judgeSkillPaths(id, [path]);
  if (unsafe !== undefined) return { ok: false, refusal: unsafe };
  const located = await locateStore(roots, id);
  if (!located.ok) return located;
  if (located.store.openFile === undefined) return whole(roots, id, path);
  const opened = await located.store.openFile(id, path);
  switch (opened.kind) {
    case "open":
      break;
    case "missing":
      return { ok: false, refusal: { code: "unknown-file", skill: id, path } };
    case "link":
      return { ok: false, refusal: { code: "link", skill: id, path } };
    case "too-large":
      return { ok: false, refusal: { code: "too-large", path, detail: `${opened.size} bytes` } };
    default:
      return { ok: false, refusal: { code: "unreadable", skill: id, path, detail: opened.detail } };
  }
  const { fd, size, executable } = opened;
  let text: boolean;
  try {
    text = await isUtf8At(fd, size);
  } catch (error) {
    closeSync(fd);
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, refusal: { code: "unreadable", skill: id, path, detail } };
  }
  const file: SkillFileSummary = text
    ? { path, bytes: size, executable }
    : { path, bytes: size, executable, binary: true };
  if (size === 0) {
    closeSync(fd);
    return { ok: true, file, stream: Readable.from([]) };
  }
  // Exactly the bytes fstat counted: a file that grows meanwhile is cut at
  // that length, one that shrinks ends short (and the client sees it).
  const stream = createReadStream("", { fd, start: 0, end: size - 1, highWaterMark: CHUNK });
  return { ok: true, file, stream };
}

/** Whether the first `size` bytes at `fd` are UTF-8, read a chunk at a time. */
async function isUtf8At(fd: number, size: number): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    for (let position = 0; position < size; ) {
      const { bytesRead } = await readAt(fd, buffer, 0, Math.min(CHUNK, size - position), position);
      if (bytesRead === 0) break;
      decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
      position += bytesRead;
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/** A store without descriptors: the file read whole, handed out as a stream of one chunk. */
async function whole(roots: Roots, id: string, path: string): Promise<StoredFileStream> {
  const read = await readStoredFile(roots, id, path);
  if (!read.ok) return read;
  const bytes = Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.length);
  return { ok: true, file: read.file, stream: Readable.from([bytes]) };
}
