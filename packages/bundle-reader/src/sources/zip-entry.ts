// What a zip's central record says an entry is, in the ledger's terms. The
// kind comes from the external attributes, which hold a Unix mode in their
// high 16 bits when the entry was made on Unix (or macOS): a symbolic link, a
// fifo, a device or a socket is told from its type bits, and executable is
// the owner-execute bit. A name ending in "/" is a directory whatever the
// host. The name is its stored bytes; an Info-ZIP Unicode Path field (0x7075)
// may give a UTF-8 name for a legacy one, but only when its CRC names these
// very bytes and, where the bytes are UTF-8 already, it says the same thing:
// otherwise two readers would see two names for one entry. One exception:
// Info-ZIP escapes a control character in the field with an overlong form,
// so where the stored name breaks a path rule anyway, that rule is reported.
import { isUtf8 } from "node:buffer";
import { checkPath } from "@skillshelf/contract";
import type { EntryKind } from "../entries.js";
import { crc32 } from "./crc32.js";
import type { ZipRecord } from "./zip-record.js";

/** Hosts whose external attributes carry a Unix mode: Unix, and OS X. */
const UNIX_HOSTS = new Set([3, 19]);
const DOS_DIRECTORY = 0x10;
const TYPE_BITS = 0o170000;

const types = new Map<number, { kind: EntryKind; detail?: string }>([
  [0o100000, { kind: "file" }],
  [0o040000, { kind: "directory" }],
  [0o120000, { kind: "link", detail: "a symbolic link" }],
  [0o010000, { kind: "special", detail: "a fifo" }],
  [0o020000, { kind: "special", detail: "a character device" }],
  [0o060000, { kind: "special", detail: "a block device" }],
  [0o140000, { kind: "special", detail: "a socket" }],
]);

/** The central record fields this module reads (zip-record.ts keeps them). */
export type EntryRecord = Pick<
  ZipRecord,
  "versionMadeBy" | "externalFileAttributes" | "fileNameRaw" | "unicodePath"
>;

export type ZipEntryKind = Readonly<{ kind: EntryKind; executable: boolean; detail?: string }>;

// The answers for nearly every entry, shared rather than made anew per entry.
const FILE: ZipEntryKind = { kind: "file", executable: false };
const EXECUTABLE: ZipEntryKind = { kind: "file", executable: true };
const DIRECTORY: ZipEntryKind = { kind: "directory", executable: false };

export function kindOfRecord(record: EntryRecord, name: string): ZipEntryKind {
  const slash = name.endsWith("/");
  if (!UNIX_HOSTS.has(record.versionMadeBy >>> 8)) {
    return slash || (record.externalFileAttributes & DOS_DIRECTORY) !== 0 ? DIRECTORY : FILE;
  }
  const mode = record.externalFileAttributes >>> 16;
  const type = mode & TYPE_BITS;
  const known = type === 0 ? { kind: "file" as const } : types.get(type);
  if (known === undefined) {
    return { kind: "special", executable: false, detail: "of an unknown type" };
  }
  if (known.kind === "file" || known.kind === "directory") {
    if (slash || known.kind === "directory") return DIRECTORY;
    return (mode & 0o100) !== 0 ? EXECUTABLE : FILE;
  }
  return { kind: known.kind, executable: false, ...(known.detail ? { detail: known.detail } : {}) };
}

export type ZipName = { ok: true; raw: string; utf8: boolean } | { ok: false; detail: string };

export function nameOfRecord(record: EntryRecord): ZipName {
  const stored = record.fileNameRaw;
  const storedUtf8 = isUtf8(stored);
  const field = record.unicodePath;
  let bytes = stored;
  if (field !== undefined) {
    const shown = stored.toString("utf8");
    if (field.length < 5 || field[0] !== 1) {
      return { ok: false, detail: `an unreadable Unicode Path field for '${shown}'` };
    }
    const unicode = field.subarray(5);
    if (field.readUInt32LE(1) !== crc32(stored) || (storedUtf8 && !unicode.equals(stored))) {
      if (storedUtf8 && !checkPath(shown, shown.endsWith("/")).ok) {
        return { ok: true, raw: shown, utf8: true };
      }
      return { ok: false, detail: `a Unicode Path field that disagrees with the name '${shown}'` };
    }
    bytes = unicode;
  }
  const utf8 = bytes === stored ? storedUtf8 : isUtf8(bytes);
  return { ok: true, raw: bytes.toString("utf8"), utf8 };
}
