// tar-stream is the tar codec: its header decoder turns a member's 512-byte
// block into a name (with the ustar prefix joined), a mode and a type, and
// its long-name decoder reads a GNU 'L' body. Its extractor is not used: it
// frames a stream leniently (reading on past the end marker, trusting the
// size a directory claims, decoding PAX records loosely), so trusting it took
// a second framer beside it. The reader frames every block itself, once
// (tar-reader.ts), checks the fields tar-stream reads leniently (size,
// checksum, PAX records) with its own strict readers, and asks tar-stream
// only for what it decodes exactly. The decoder lives in tar-stream's
// headers.js, which its package map does not export, so it is required by
// its resolved path; the dependency is pinned to the version this was read
// against, and every tar test goes through it.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Header } from "tar-stream";

type HeaderCodec = {
  decode(block: Uint8Array, filenameEncoding: string, allowUnknownFormat: boolean): Header | null;
  decodeLongPath(body: Uint8Array, encoding: string): string;
};

const require = createRequire(import.meta.url);
const codec = require(join(dirname(require.resolve("tar-stream")), "headers.js")) as HeaderCodec;

/** A member header as tar-stream decodes it, names kept as latin1 (one char per byte). */
export type MemberHeader = { name: string; mode: number; type: Header["type"] };

/**
 * The member header of `block`, whose checksum the caller has checked
 * strictly; undefined when tar-stream sees no header in it (every field but
 * the checksum zero) or reads the checksum field otherwise than the strict
 * reader did.
 */
export function decodeMemberHeader(block: Uint8Array): MemberHeader | undefined {
  let header: Header | null;
  try {
    header = codec.decode(block, "latin1", true);
  } catch {
    return undefined;
  }
  if (header === null) return undefined;
  return { name: header.name, mode: header.mode ?? 0, type: header.type };
}

/** A GNU long name ('L') body: its bytes up to the first NUL, kept as latin1. */
export function decodeLongName(body: Uint8Array): string {
  return codec.decodeLongPath(body, "latin1");
}
