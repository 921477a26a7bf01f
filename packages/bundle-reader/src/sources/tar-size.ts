// The size field of a tar header, read strictly: octal digits (optionally
// padded with leading spaces or zero bytes and ended by a space or zero byte),
// or GNU base-256 with the high bit set. tar-stream accepts "12x" as 10; a
// reader that must refuse malformed archives cannot.

import { SIZE_AT, SIZE_LENGTH } from "./tar-layout.js";

/** The header's size, or undefined when the field is malformed or not a safe integer. */
export function readSizeField(block: Uint8Array): number | undefined {
  const field = block.subarray(SIZE_AT, SIZE_AT + SIZE_LENGTH);
  const first = field[0]!;
  if (first === 0x80) {
    let value = 0;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!;
    return Number.isSafeInteger(value) ? value : undefined;
  }
  if ((first & 0x80) !== 0) return undefined;
  let at = 0;
  while (at < field.length && (field[at] === 0x20 || field[at] === 0)) at++;
  let value = 0;
  while (at < field.length && field[at]! >= 0x30 && field[at]! <= 0x37) {
    value = value * 8 + (field[at]! - 0x30);
    at++;
  }
  while (at < field.length && (field[at] === 0x20 || field[at] === 0)) at++;
  return at === field.length ? value : undefined;
}
