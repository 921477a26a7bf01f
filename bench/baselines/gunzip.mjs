// Plain zlib baselines: what decompressing costs with nothing else done.
// The reader's archive path cannot be cheaper than gunzip plus a UTF-8
// check of each member, and its refusal of a bomb cannot be cheaper than
// inflating up to the limit; these measure exactly those floors. They use
// 1 MiB output chunks, as the reader does (zlib's 16 KiB default costs
// several times more on a busy machine), or another size where a caller
// asks, so the ratio shows the reader's own work and not a difference in
// zlib settings.

import { isUtf8 } from "node:buffer";
import { once } from "node:events";
import { createGunzip, gunzipSync } from "node:zlib";

const CHUNK = 1024 * 1024;

/** Streams `bytes` through gunzip (in `chunk`-byte pieces) and returns the concatenated output. */
export async function gunzipStreaming(bytes, chunk = CHUNK) {
  const gunzip = createGunzip({ chunkSize: chunk });
  const chunks = [];
  gunzip.on("data", (chunk) => chunks.push(chunk));
  gunzip.end(bytes);
  await once(gunzip, "end");
  return Buffer.concat(chunks);
}

/** Streams gunzip and checks that every listed member's bytes are UTF-8. */
export async function gunzipAndCheckMembers(bytes, members, chunk = CHUNK) {
  return checkMembers(await gunzipStreaming(bytes, chunk), members);
}

/** One synchronous gunzip of the whole file, then the same UTF-8 check of every member. */
export function gunzipSyncAndCheckMembers(bytes, members) {
  return checkMembers(gunzipSync(bytes), members);
}

/** Checks that every listed member's bytes in `tar` are UTF-8; returns how many were checked. */
function checkMembers(tar, members) {
  let checked = 0;
  for (const { offset, size } of members) {
    if (!isUtf8(tar.subarray(offset, offset + size)))
      throw new Error(`member at ${offset} not UTF-8`);
    checked += 1;
  }
  return checked;
}

/** As gunzipAndCheckMembers, then decodes each member to a string as a reader must. */
export async function gunzipCheckAndDecode(bytes, members) {
  const tar = await gunzipStreaming(bytes);
  const texts = [];
  for (const { offset, size } of members) {
    const member = tar.subarray(offset, offset + size);
    if (!isUtf8(member)) throw new Error(`member at ${offset} not UTF-8`);
    texts.push(member.toString("utf8"));
  }
  return texts.length;
}

/** Streams gunzip until `limit` bytes came out, then stops; returns bytes produced. */
export function gunzipUpTo(bytes, limit) {
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip({ chunkSize: CHUNK });
    let produced = 0;
    gunzip.on("data", (chunk) => {
      produced += chunk.length;
      if (produced >= limit) {
        gunzip.destroy();
        resolve(produced);
      }
    });
    gunzip.on("error", reject);
    gunzip.on("end", () => resolve(produced));
    gunzip.end(bytes);
  });
}

function readOctal(block, offset, length) {
  const text = block
    .toString("ascii", offset, offset + length)
    .replace(/\0.*$/s, "")
    .trim();
  return text === "" ? 0 : Number.parseInt(text, 8);
}

/** Lists the file members of gzip'd ustar bytes as { offset, size } (setup only, untimed). */
export function listMembers(gzipBytes) {
  const tar = gunzipSync(gzipBytes);
  const members = [];
  let offset = 0;
  while (offset + 512 <= tar.length && tar[offset] !== 0) {
    const size = readOctal(tar, offset + 124, 12);
    const type = String.fromCharCode(tar[offset + 156]);
    if (type === "0" || type === "\0") members.push({ offset: offset + 512, size });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return members;
}
