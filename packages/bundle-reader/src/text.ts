// File content becomes text only when it is valid UTF-8: the store holds text,
// and a binary asset must be reported rather than mangled by a lenient
// decoder. A byte order mark is kept, so the text encodes back to exactly the
// bytes that were read. Plain ASCII, common in small files, is told apart
// first: its UTF-8 and Latin-1 readings are the same characters, and the
// Latin-1 copy is the cheaper one.
import { isAscii, isUtf8 } from "node:buffer";

/** The file's text, or undefined when its bytes are not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return "";
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (isAscii(buffer)) return buffer.toString("latin1");
  if (!isUtf8(buffer)) return undefined;
  return buffer.toString("utf8");
}
