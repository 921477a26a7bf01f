// CRC-32 (the zip polynomial) of member bytes, so what was inflated can be
// checked against what the central directory promised. Node's zlib.crc32 is
// native and used where the runtime has it (20.15 and 22.2 onwards); the
// table below covers the older releases the package's engines still allow.
import * as zlib from "node:zlib";

type Crc32 = (data: Uint8Array, value?: number) => number;

const native = (zlib as { crc32?: Crc32 }).crc32;

let table: Uint32Array | undefined;

function tableCrc32(data: Uint8Array, value = 0): number {
  if (table === undefined) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = ~value >>> 0;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** The CRC-32 of `data`, continuing from `value` (0 to start). */
export const crc32: Crc32 = native ?? tableCrc32;
