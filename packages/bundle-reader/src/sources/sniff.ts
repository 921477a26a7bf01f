// Tells an archive by its first bytes, never by its name: gzip by its magic
// number, zip by the signature of a local header (or of the end record, for
// an empty zip, or of the spanning marker, which the zip reader refuses), tar
// by the "ustar" magic or, for the older formats, by a header whose checksum
// is right. A first block of zeros is an empty tar archive.
import { checksumHolds } from "./tar-fields.js";
import { BLOCK, MAGIC_AT } from "./tar-layout.js";

const USTAR = Buffer.from("ustar");

export type ArchiveFormat = "gzip" | "zip" | "tar" | undefined;

/** The third and fourth bytes after "PK": a local header, an end record, a spanning marker. */
const ZIP_SIGNATURES = new Set([0x0304, 0x0506, 0x0708]);

export function sniffArchive(head: Uint8Array): ArchiveFormat {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (looksLikeZip(head)) return "zip";
  return looksLikeTar(head) ? "tar" : undefined;
}

export function looksLikeTar(head: Uint8Array): boolean {
  if (head.length < BLOCK) return false;
  const block = Buffer.from(head.buffer, head.byteOffset, BLOCK);
  if (block.subarray(MAGIC_AT, MAGIC_AT + USTAR.length).equals(USTAR)) return true;
  return block.every((byte) => byte === 0) || checksumHolds(block);
}

export function looksLikeZip(head: Uint8Array): boolean {
  if (head.length < 4 || head[0] !== 0x50 || head[1] !== 0x4b) return false;
  return ZIP_SIGNATURES.has((head[2]! << 8) | head[3]!);
}
