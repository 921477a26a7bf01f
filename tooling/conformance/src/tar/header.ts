// A ustar header written byte by byte. A normal packer refuses to write the
// hostile headers the cases need (wrong checksums, sizes on directories,
// names that are not UTF-8, base-256 sizes), so this writer fills each field
// itself and lets a caller override any of them.

export const BLOCK = 512;

export type HeaderFields = {
  name: Uint8Array;
  prefix?: Uint8Array;
  mode: number;
  size: number;
  mtime?: number;
  typeflag: number;
  linkname?: Uint8Array;
  magic?: "ustar" | "gnu";
  base256Size?: boolean;
  sizeField?: Uint8Array;
  badChecksum?: boolean;
  checksumField?: string;
};

const encoder = new TextEncoder();

/** Writes `value` as zero-padded octal in `width - 1` digits and a NUL. */
function writeOctal(block: Uint8Array, offset: number, width: number, value: number): void {
  const digits = value.toString(8).padStart(width - 1, "0");
  if (digits.length > width - 1) throw new RangeError(`${value} does not fit ${width} octal bytes`);
  block.set(encoder.encode(digits), offset);
  block[offset + width - 1] = 0;
}

/** Writes `value` in GNU base-256: a 0x80 marker byte, then big-endian bytes. */
export function writeBase256(
  block: Uint8Array,
  offset: number,
  width: number,
  value: bigint,
): void {
  let rest = value;
  for (let i = offset + width - 1; i > offset; i--) {
    block[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  block[offset] = 0x80;
}

function writeBytes(block: Uint8Array, offset: number, width: number, bytes: Uint8Array): void {
  if (bytes.length > width)
    throw new RangeError(`field of ${width} bytes cannot hold ${bytes.length}`);
  block.set(bytes, offset);
}

/** The header checksum: the byte sum with the checksum field read as spaces. */
export function checksumOf(block: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum;
}

export function writeHeader(fields: HeaderFields): Uint8Array {
  const block = new Uint8Array(BLOCK);
  writeBytes(block, 0, 100, fields.name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 1000);
  writeOctal(block, 116, 8, 1000);
  if (fields.sizeField !== undefined) writeBytes(block, 124, 12, fields.sizeField);
  else if (fields.base256Size === true) writeBase256(block, 124, 12, BigInt(fields.size));
  else writeOctal(block, 124, 12, fields.size);
  writeOctal(block, 136, 12, fields.mtime ?? 1_700_000_000);
  block[156] = fields.typeflag;
  if (fields.linkname !== undefined) writeBytes(block, 157, 100, fields.linkname);
  const gnu = fields.magic === "gnu";
  block.set(encoder.encode(gnu ? "ustar  \0" : "ustar\u000000"), 257);
  writeBytes(block, 265, 32, encoder.encode("skills"));
  writeBytes(block, 297, 32, encoder.encode("skills"));
  if (fields.prefix !== undefined) writeBytes(block, 345, 155, fields.prefix);
  const sum = checksumOf(block) + (fields.badChecksum === true ? 1 : 0);
  const digits = sum.toString(8).padStart(6, "0");
  if (fields.checksumField !== undefined) {
    const field = encoder.encode(fields.checksumField.replace("{sum}", digits));
    if (field.length !== 8) throw new RangeError(`a checksum field of ${field.length} bytes`);
    block.set(field, 148);
    return block;
  }
  block.set(encoder.encode(digits), 148);
  block[154] = 0;
  block[155] = 0x20;
  return block;
}
