// The gzip bombs: 1 GiB of zeros in a tar, gzip'd to about a megabyte. The
// first holds one member whose header already claims 1 GiB; the second holds
// 1,024 members of 1 MiB, so no single header gives it away and only counting
// the expanded bytes stops it. Streaming the same zero block through zlib
// keeps the generator's own memory small; the bytes are cached because
// compressing a gibibyte is the slow part.

import { createWriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { constants, createGzip } from "node:zlib";
import { createHeader } from "./tar.mjs";

export const BOMB_BYTES = 2 ** 30;

function* produceTar(members) {
  const zeros = Buffer.alloc(2 ** 20);
  const size = BOMB_BYTES / members;
  for (let m = 0; m < members; m += 1) {
    const path = members === 1 ? "bomb/SKILL.md" : `bomb/zeros-${String(m).padStart(4, "0")}.txt`;
    yield createHeader({ path, type: "file", size });
    for (let written = 0; written < size; written += zeros.length) yield zeros;
  }
  yield Buffer.alloc(1024);
}

/** Writes a bomb of `members` equal members (1 or 1,024) to `path` (through a temporary file). */
export async function writeBomb(path, members) {
  const partial = `${path}.partial`;
  const gzip = createGzip({ level: constants.Z_BEST_COMPRESSION, chunkSize: 2 ** 16 });
  await pipeline(Readable.from(produceTar(members)), gzip, createWriteStream(partial));
  await rename(partial, path);
}
