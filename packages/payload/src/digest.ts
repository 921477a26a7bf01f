// SHA-256 of a body's UTF-8 bytes, the one definition of "this digest
// describes this text" that the producer and the verifying reader share, and
// the byte count the payload's size cap is measured in.
import { hash } from "node:crypto";

/** SHA-256 hex of the UTF-8 bytes of text. */
export function digestText(text: string): string {
  // The one-shot hash skips a Hash object per body, which shows on many small bodies.
  return hash("sha256", text, "hex");
}

/** The UTF-8 bytes the bodies total, as the payload's size cap counts them. */
export function countBodyBytes(skills: readonly { text: string }[]): number {
  let total = 0;
  for (const skill of skills) total += Buffer.byteLength(skill.text, "utf8");
  return total;
}

/** SHA-256 hex of bytes. */
export function digestBytes(bytes: Uint8Array): string {
  return hash("sha256", bytes, "hex");
}
