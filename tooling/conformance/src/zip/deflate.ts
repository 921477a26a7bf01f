// Deflate data for the zip writer, including runs of zeros far larger than
// memory: a full-flushed deflate segment of 16 MiB of zeros refers to nothing
// before it, so one segment repeated, a shorter one for the rest and a final
// empty block make a valid stream of any length that costs about 16 KiB per
// 16 MiB. The CRC of the zeros is computed the same way, piece by piece.
import * as zlib from "node:zlib";
import { constants, deflateRawSync } from "node:zlib";

const SEGMENT = 16 * 1024 * 1024;
const FULL = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };

type Crc32 = (data: Uint8Array, value?: number) => number;
const nativeCrc = (zlib as { crc32?: Crc32 }).crc32;

/** CRC-32 as zip stores it (zlib's, where the runtime has it). */
export function crc32(data: Uint8Array, value = 0): number {
  if (nativeCrc !== undefined) return nativeCrc(data, value);
  let crc = ~value >>> 0;
  for (let i = 0; i < data.length; i++) {
    crc ^= data[i]!;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return ~crc >>> 0;
}

export function deflate(data: Uint8Array): Uint8Array {
  return deflateRawSync(data, { level: 6 });
}

let segment: { deflated: Buffer; zeros: Buffer } | undefined;

/** `size` zero bytes, deflated, with their CRC. */
export function deflateZeros(size: number): { deflated: Uint8Array[]; crc: number } {
  segment ??= (() => {
    const zeros = Buffer.alloc(SEGMENT);
    return { zeros, deflated: deflateRawSync(zeros, FULL) };
  })();
  const parts: Uint8Array[] = [];
  let crc = 0;
  let left = size;
  while (left >= SEGMENT) {
    parts.push(segment.deflated);
    crc = crc32(segment.zeros, crc);
    left -= SEGMENT;
  }
  if (left > 0) {
    const rest = segment.zeros.subarray(0, left);
    parts.push(deflateRawSync(rest, FULL));
    crc = crc32(rest, crc);
  }
  parts.push(deflateRawSync(new Uint8Array(0)));
  return { deflated: parts, crc };
}
