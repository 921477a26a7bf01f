// Digests and revisions. A digest is the SHA-256 hex of a SKILL.md's bytes;
// the revision hashes every offered skill's id and digest in id order, with
// length prefixes so that no two different sets can run together into the
// same input. Refused skills never enter it.
import { createHash } from "node:crypto";

/** SHA-256 hex of some bytes. */
export function digestOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const lengthPrefix = (bytes: Buffer): Buffer => {
  const prefix = Buffer.allocUnsafe(8);
  prefix.writeBigUInt64BE(BigInt(bytes.length));
  return prefix;
};

/** SHA-256 over (u64 BE length, id, u64 BE length, digest hex) for each skill in id order. */
export function revisionOf(skills: readonly { id: string; digest: string }[]): string {
  const hash = createHash("sha256");
  const ordered = [...skills].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const skill of ordered) {
    const id = Buffer.from(skill.id, "utf8");
    const digest = Buffer.from(skill.digest, "utf8");
    hash.update(lengthPrefix(id)).update(id).update(lengthPrefix(digest)).update(digest);
  }
  return hash.digest("hex");
}
