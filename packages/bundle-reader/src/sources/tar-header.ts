// What a tar header says, in the ledger's terms: the member's kind (decided
// from the header alone, before any body is read) and its path. A member
// marked sparse in any of the ways tar marks one (type 'S', or GNU.sparse.*
// PAX records on a regular type) is not a regular file: its body is a sparse
// map, not the file's bytes. Names are
// decoded by tar-stream as latin1, which keeps the raw bytes, so whether they
// are UTF-8 can be judged here; a PAX path arrives already decoded, with
// whether its raw bytes were UTF-8.
import { isUtf8 } from "node:buffer";
import type { EntryKind } from "../entries.js";
import type { MemberHeader } from "./tar-codec.js";

const ASCII = /^[\u0000-\u007f]*$/;

export type MemberKind = { kind: EntryKind; detail?: string };

const special: Record<string, string> = {
  "character-device": "a character device",
  "block-device": "a block device",
  fifo: "a fifo",
  "contiguous-file": "a contiguous file",
};

const SPARSE_TYPE = 0x53; // 'S'

/** The member's kind from tar-stream's reading of its type, the raw typeflag, and its PAX records. */
export function kindOf(header: MemberHeader, typeflag: number, sparse: boolean): MemberKind {
  if (typeflag === SPARSE_TYPE) return { kind: "special", detail: "a sparse file" };
  const type = header.type ?? null;
  if (sparse && (type === "file" || type === "contiguous-file")) {
    return { kind: "special", detail: "a sparse file (GNU.sparse PAX records)" };
  }
  if (type === "file") return { kind: "file" };
  if (type === "directory") return { kind: "directory" };
  if (type === "symlink") return { kind: "link", detail: "a symbolic link" };
  if (type === "link") return { kind: "link", detail: "a hard link" };
  return { kind: "special", detail: special[type ?? ""] ?? "of an unknown or vendor type" };
}

/** A name field's bytes (up to the first NUL) as text, and whether they were valid UTF-8. */
export function nameOfField(field: Uint8Array): { raw: string; utf8: boolean } {
  const end = field.indexOf(0);
  const bytes = Buffer.from(field.buffer, field.byteOffset, end === -1 ? field.length : end);
  return { raw: bytes.toString("utf8"), utf8: isUtf8(bytes) };
}

/**
 * The member's path as text, and whether its stored bytes were valid UTF-8:
 * a PAX path record's (decoded, with its bytes' verdict) where one applies,
 * else the latin1 name (from the header or a GNU long name) as UTF-8.
 */
export function nameOf(
  latin1Name: string,
  paxPath: { value: string; utf8: boolean } | undefined,
): { raw: string; utf8: boolean } {
  if (paxPath !== undefined && paxPath.value !== "")
    return { raw: paxPath.value, utf8: paxPath.utf8 };
  if (ASCII.test(latin1Name)) return { raw: latin1Name, utf8: true };
  const bytes = Buffer.from(latin1Name, "latin1");
  return { raw: bytes.toString("utf8"), utf8: isUtf8(bytes) };
}
