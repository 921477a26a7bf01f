// The entries skillshelf reads: stored or deflated, and not encrypted. Any
// other is refused by name before anything is inflated, with the method
// named, so the person who made the zip knows what to change.
import type { Refusal } from "../types.js";

const STORED = 0;
const DEFLATE = 8;
const ENCRYPTED = 0x0001;

const methods: Record<number, string> = {
  1: "shrink",
  6: "implode",
  9: "deflate64",
  12: "bzip2",
  14: "LZMA",
  19: "LZ77",
  93: "Zstandard",
  95: "xz",
  96: "JPEG",
  97: "WavPack",
  98: "PPMd",
  99: "AES encryption",
};

type Described = {
  fileNameRaw: Buffer;
  generalPurposeBitFlag: number;
  compressionMethod: number;
};

export function unsupportedEntry(record: Described): Refusal | undefined {
  const method = record.compressionMethod;
  const encrypted = (record.generalPurposeBitFlag & ENCRYPTED) !== 0;
  if (!encrypted && (method === STORED || method === DEFLATE)) return undefined;
  // The name is decoded only for the refusal: this runs for every entry.
  const path = record.fileNameRaw.toString("utf8");
  if (encrypted) return { code: "unsupported-entry", path, detail: "it is encrypted" };
  const known = methods[method];
  const detail = `it is compressed with method ${method}${known === undefined ? "" : ` (${known})`}`;
  return { code: "unsupported-entry", path, detail };
}
