// The gzip bomb: a tar whose one member claims 1 GiB of zeros, gzip'd to
// about a megabyte. Streaming the same zero block through zlib keeps the
// generator's own memory small; the bytes are cached because compressing a
// gibibyte is the slow part.

import { createWriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { constants, createGzip } from "node:zlib";
import { createHeader } from "./tar.mjs";

export const BOMB_MEMBER_BYTES = 2 ** 30;

function* produceTar() {
  yield createHeader({ path: "bomb/SKILL.md", type: "file", size: BOMB_MEMBER_BYTES });
  const zeros = Buffer.alloc(2 ** 20);
  for (let written = 0; written < BOMB_MEMBER_BYTES; written += zeros.length) yield zeros;
  yield Buffer.alloc(1024);
}

/** Writes the bomb's gzip bytes to `path` (through a temporary file). */
export async function writeBomb(path) {
  const partial = `${path}.partial`;
  const gzip = createGzip({ level: constants.Z_BEST_COMPRESSION, chunkSize: 2 ** 16 });
  await pipeline(
    Readable.from(produceTar(), { objectMode: false }),
    gzip,
    createWriteStream(partial),
  );
  await rename(partial, path);
}
