// Plain zlib baselines for zips: what inflating costs with nothing else
// done. The reader cannot read a zip for less than inflating each member and
// checking that it is UTF-8, nor refuse a zip bomb for less than nothing at
// all; the bomb's baseline is inflating the 64 MiB the limit allows, which is
// what a reader that trusted the headers and stopped at the limit would pay.
// Each member is inflated into one buffer, as the reader does (zlib's 16 KiB
// default chunks, joined after, cost over twice as much): one byte longer
// than its stated size, since a buffer that zlib fills exactly makes Node
// allocate a second one and call zlib again to learn that the stream has
// ended (about 3% of the loop).

import { isUtf8 } from "node:buffer";
import { inflateRawSync } from "node:zlib";

/**
 * Walks the local headers of a plain zip, inflating each deflated member and
 * checking it is UTF-8. `keep: "bytes"` holds on to every member's bytes, as a
 * reader that returns them must; `keep: "text"` decodes each to a string and
 * holds that.
 */
export function inflateAndCheckMembers(zip, keep = "none") {
  let at = 0;
  let checked = 0;
  const kept = [];
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const compressed = zip.readUInt32LE(at + 18);
    const size = zip.readUInt32LE(at + 22);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 8) {
      const member = inflateRawSync(data, { chunkSize: Math.max(64, size + 1) });
      if (!isUtf8(member)) throw new Error(`member at ${at} not UTF-8`);
      if (keep === "text") kept.push(member.toString("utf8"));
      else if (keep === "bytes") kept.push(member);
      checked += 1;
    }
    at = start + compressed;
  }
  return checked;
}

/** Inflates `limit` bytes from the deflate stream of the zip's member at `at`. */
export function inflateUpTo(zip, at, limit) {
  const compressed = zip.readUInt32LE(at + 18);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  return inflateRawSync(zip.subarray(start, start + compressed), { maxOutputLength: limit }).length;
}
