// A case as tar and tar.gz bytes: its members, the end-of-archive marker (two
// zero blocks), padding to the record size as GNU tar writes it, then any
// archive-level tweak (truncation, trailing junk, junk after the gzip stream).
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { constants, createGzip, gzipSync } from "node:zlib";
import { concat } from "../entry-paths.js";
import type { Case } from "../types.js";
import { BLOCK } from "./header.js";
import { entryChunks } from "./members.js";

const RECORD = 10_240;
/** Run-length deflate: a valid gzip stream that squeezes runs of zeros ten times faster. */
const GZIP = { level: 6, strategy: constants.Z_RLE, chunkSize: 1 << 20 };

/** The tar stream of a case as chunks, ending with the marker and record padding. */
export function* tarChunks(c: Case): Generator<Uint8Array> {
  let length = 0;
  for (const chunk of entryChunks(c)) {
    length += chunk.length;
    yield chunk;
  }
  yield new Uint8Array(2 * BLOCK);
  length += 2 * BLOCK;
  const record = c.archive?.record ?? RECORD;
  if (record > 0 && length % record !== 0) yield new Uint8Array(record - (length % record));
  if (c.archive?.trailing !== undefined) yield c.archive.trailing;
}

function cut(bytes: Uint8Array, keep: number | undefined): Uint8Array {
  if (keep === undefined) return bytes;
  return bytes.subarray(0, keep >= 0 ? keep : Math.max(0, bytes.length + keep));
}

/** The case as tar bytes. */
export function buildTar(c: Case): Uint8Array {
  if (c.archive?.raw !== undefined) return c.archive.raw;
  return cut(concat([...tarChunks(c)]), c.archive?.truncate);
}

const gzipped = new WeakMap<Case, Promise<Uint8Array>>();

/**
 * The case as gzip'd tar bytes; the tar stream is compressed as it is
 * produced and the result kept per case, so a bomb is compressed once a run.
 * Each call returns its own copy.
 */
export async function buildTarGz(c: Case): Promise<Uint8Array> {
  let built = gzipped.get(c);
  if (built === undefined) {
    built = gzipCase(c);
    gzipped.set(c, built);
  }
  return new Uint8Array(await built);
}

async function gzipCase(c: Case): Promise<Uint8Array> {
  if (c.archive?.raw !== undefined) return c.archive.raw;
  let gz: Uint8Array;
  if (c.archive?.truncate !== undefined) gz = gzipSync(buildTar(c), GZIP);
  else gz = await buffer(Readable.from(tarChunks(c)).pipe(createGzip(GZIP)));
  gz = cut(gz, c.archive?.gzipTruncate);
  const junk = c.archive?.gzipTrailing;
  return junk === undefined ? new Uint8Array(gz) : concat([gz, junk]);
}
