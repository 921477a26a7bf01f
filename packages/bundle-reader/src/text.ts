// File content becomes text only when it is valid UTF-8: the store holds text,
// and a binary asset must be reported rather than mangled by a lenient
// decoder. A byte order mark is kept, so the text encodes back to exactly the
// bytes that were read.
import { isUtf8 } from "node:buffer";

/** The file's text, or undefined when its bytes are not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return "";
  if (!isUtf8(bytes)) return undefined;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
}
