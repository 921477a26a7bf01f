// The numeric fields of a tar header, read strictly: octal digits (optionally
// padded with leading spaces or zero bytes and ended by spaces or zero bytes),
// or, for the size, GNU base-256 with the high bit set. tar-stream accepts
// "12x" as 10 and a checksum of "<digits>P " or "<right value> 7"; Go's and
// CPython's readers refuse both, and so must a reader that refuses malformed
// archives.
import { BLOCK, CHECKSUM_AT, CHECKSUM_LENGTH, SIZE_AT, SIZE_LENGTH } from "./tar-layout.js";

/** An octal field, or undefined when anything but padding surrounds its digits. */
function readOctal(block: Uint8Array, from: number, length: number): number | undefined {
  const end = from + length;
  let at = from;
  while (at < end && (block[at] === 0x20 || block[at] === 0)) at++;
  const digits = at;
  let value = 0;
  while (at < end && block[at]! >= 0x30 && block[at]! <= 0x37) {
    value = value * 8 + (block[at]! - 0x30);
    at++;
  }
  if (at === digits) return undefined;
  while (at < end && (block[at] === 0x20 || block[at] === 0)) at++;
  return at === end ? value : undefined;
}

/** The header's size, or undefined when the field is malformed or not a safe integer. */
export function readSizeField(block: Uint8Array): number | undefined {
  const first = block[SIZE_AT]!;
  if (first === 0x80) {
    let value = 0;
    for (let i = 1; i < SIZE_LENGTH; i++) value = value * 256 + block[SIZE_AT + i]!;
    return Number.isSafeInteger(value) ? value : undefined;
  }
  if ((first & 0x80) !== 0) return undefined;
  // An all-padding size field is an empty body, as every reader takes it.
  let blank = true;
  for (let i = 0; i < SIZE_LENGTH && blank; i++) {
    const byte = block[SIZE_AT + i];
    blank = byte === 0x20 || byte === 0;
  }
  return blank ? 0 : readOctal(block, SIZE_AT, SIZE_LENGTH);
}

/** Whether the checksum field holds, strictly, the header's unsigned byte sum. */
export function checksumHolds(block: Uint8Array): boolean {
  const stored = readOctal(block, CHECKSUM_AT, CHECKSUM_LENGTH);
  if (stored === undefined) return false;
  let sum = 8 * 0x20;
  for (let i = 0; i < CHECKSUM_AT; i++) sum += block[i]!;
  for (let i = CHECKSUM_AT + CHECKSUM_LENGTH; i < BLOCK; i++) sum += block[i]!;
  return sum === stored;
}
