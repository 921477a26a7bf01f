// SHA-256 of a body's UTF-8 bytes, the one definition of "this digest
// describes this text" that the producer and the verifying reader share.
import { createHash } from "node:crypto";

/** SHA-256 hex of the UTF-8 bytes of text. */
export function digestText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
