// File content is text only when it is valid UTF-8: the store holds text, and
// a binary asset must be reported rather than mangled by a lenient decoder.
// The bytes are what a skill file carries; the string is made only when a
// caller asks for it. A byte order mark is kept, so the text encodes back to
// exactly the bytes that were read. Plain ASCII, common in small files, is
// decoded as Latin-1: the same characters, and the cheaper copy.
import { isAscii, isUtf8 } from "node:buffer";

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** Whether the bytes are valid UTF-8 (an empty file is). */
export function isText(bytes: Uint8Array): boolean {
  return bytes.length === 0 || isUtf8(bytes);
}

/** The bytes as a string; bytes that are not UTF-8 decode with U+FFFD, so judge them first. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length === 0) return "";
  const buffer = asBuffer(bytes);
  return isAscii(buffer) ? buffer.toString("latin1") : buffer.toString("utf8");
}
