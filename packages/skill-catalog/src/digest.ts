// Digests and revisions. A digest is the SHA-256 hex of a SKILL.md's bytes;
// the revision hashes every offered skill's id and digest in id order, with
// length prefixes so that no two different sets can run together into the
// same input. Refused skills never enter it.
import { createHash } from "node:crypto";

/** SHA-256 hex of some bytes. */
export function digestOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * SHA-256 over (u64 BE length, id, u64 BE length, digest hex) for each skill in id order,
 * written into one buffer and hashed in one call (ten thousand skills are
 * forty thousand small updates otherwise).
 */
export function revisionOf(skills: readonly { id: string; digest: string }[]): string {
  const ordered = [...skills].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let length = 0;
  for (const { id, digest } of ordered) {
    length += 16 + Buffer.byteLength(id, "utf8") + Buffer.byteLength(digest, "utf8");
  }
  const input = Buffer.allocUnsafe(length);
  let at = 0;
  // A u64 BE length as two u32 halves: an id or a digest is far below 4 GiB.
  const put = (text: string): void => {
    const bytes = input.write(text, at + 8, "utf8");
    input.writeUInt32BE(0, at);
    input.writeUInt32BE(bytes, at + 4);
    at += 8 + bytes;
  };
  for (const { id, digest } of ordered) {
    put(id);
    put(digest);
  }
  return createHash("sha256").update(input).digest("hex");
}
