// A byte-level zip writer for conformance cases and hostile tests: every
// field of the local header, the central record, the data descriptor and the
// end records is written here, and each can be made to say what a packer
// never would (names that disagree, sizes that lie, entries that share data,
// bytes between entries, an end record that contradicts its zip64 copy), so
// the reader's refusals can be shown to fire.
import { concat, utf8 } from "../entry-paths.js";
import { crc32, deflate, deflateZeros } from "./deflate.js";

export type ZipMember = {
  /** The stored name (a trailing "/" for a directory). */
  name: string | Uint8Array;
  /** Content (a symlink's target). */
  data?: Uint8Array | string;
  /** Content of this many zero bytes, deflated without building it. */
  zeros?: number;
  /** 0 stored, 8 deflate (default for non-empty content), or any other number. */
  method?: number;
  /** The full Unix mode, type bits included; default 0o100644, or 0o040755 for a name ending "/". */
  mode?: number;
  /** The host byte of "version made by": 3 Unix (default), 0 MS-DOS. */
  host?: number;
  /** External attributes as stored, replacing the mode. */
  externalAttributes?: number;
  /** General purpose flags (UTF-8 names get 0x800 unless given). */
  flags?: number;
  /** Write a data descriptor after the data: with its signature (default) or without. */
  descriptor?: "signed" | "unsigned";
  /** Write zip64 fields: sizes (and offset) as 0xFFFFFFFF with a zip64 extra field. */
  zip64?: boolean;
  /** An Info-ZIP Unicode Path field: its name, and a CRC other than the stored name's. */
  unicodePath?: { name: string | Uint8Array; crc?: number; version?: number };
  /** Raw compressed bytes, replacing those made from `data`. */
  compressed?: Uint8Array;
  /** What the central record (and local header) claim, replacing the true values. */
  crc?: number;
  size?: number;
  compressedSize?: number;
  /** What only the local header says differently. */
  local?: {
    name?: string | Uint8Array;
    method?: number;
    flags?: number;
    size?: number;
    crc?: number;
  };
  /** The central record points at this member's local header (by index) instead of its own. */
  sameDataAs?: number;
  /** Bytes written just before this member's local header. */
  before?: Uint8Array;
};

export type ZipOptions = {
  /** Write the zip64 end record and locator, with the short fields saying "see zip64". */
  zip64End?: boolean;
  /** The short end record fields, replacing the true values. */
  end?: { entries?: number; diskEntries?: number; size?: number; offset?: number };
  comment?: Uint8Array | string;
  /** Bytes between the last entry and the central directory. */
  beforeDirectory?: Uint8Array;
  /** Bytes after the end record (not counted by its comment length). */
  trailing?: Uint8Array;
};

const bytesOf = (value: Uint8Array | string): Uint8Array =>
  typeof value === "string" ? utf8(value) : value;

const MAX32 = 0xffffffff;
const DOS_TIME = 0x6000; // 12:00:00
const DOS_DATE = 0x5b21; // 2025-09-01

function field(id: number, data: Uint8Array): Uint8Array {
  const out = Buffer.alloc(4 + data.length);
  out.writeUInt16LE(id, 0);
  out.writeUInt16LE(data.length, 2);
  out.set(data, 4);
  return out;
}

function u64(...values: number[]): Uint8Array {
  const out = Buffer.alloc(8 * values.length);
  for (const [i, v] of values.entries()) out.writeBigUInt64LE(BigInt(v), 8 * i);
  return out;
}

type Built = {
  name: Uint8Array;
  body: Uint8Array[];
  bodyLength: number;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  flags: number;
  external: number;
  versionMadeBy: number;
  centralExtra: Uint8Array;
};

function prepare(member: ZipMember): Built {
  const name = bytesOf(member.name);
  const content = member.data === undefined ? new Uint8Array(0) : bytesOf(member.data);
  const size = member.zeros ?? content.length;
  const method = member.method ?? (size > 0 ? 8 : 0);
  let body: Uint8Array[];
  let crc: number;
  if (member.zeros !== undefined) {
    const zeros = deflateZeros(member.zeros);
    body = method === 8 ? zeros.deflated : [new Uint8Array(member.zeros)];
    crc = zeros.crc;
  } else {
    body = [method === 8 ? deflate(content) : content];
    crc = crc32(content);
  }
  if (member.compressed !== undefined) body = [member.compressed];
  const bodyLength = body.reduce((n, b) => n + b.length, 0);
  const directory = name[name.length - 1] === 0x2f;
  const mode = member.mode ?? (directory ? 0o040755 : 0o100644);
  const nonAscii = name.some((b) => b > 0x7f);
  const flags = (member.flags ?? (nonAscii ? 0x800 : 0)) | (member.descriptor ? 0x8 : 0);
  const external = member.externalAttributes ?? ((mode << 16) | (directory ? 0x10 : 0)) >>> 0;
  let centralExtra: Uint8Array = new Uint8Array(0);
  if (member.unicodePath !== undefined) {
    const unicode = bytesOf(member.unicodePath.name);
    const data = Buffer.alloc(5 + unicode.length);
    data[0] = member.unicodePath.version ?? 1;
    data.writeUInt32LE(member.unicodePath.crc ?? crc32(name), 1);
    data.set(unicode, 5);
    centralExtra = field(0x7075, data);
  }
  return {
    name,
    body,
    bodyLength,
    method,
    crc: member.crc ?? crc,
    size: member.size ?? size,
    compressedSize: member.compressedSize ?? bodyLength,
    flags,
    external,
    versionMadeBy: ((member.host ?? 3) << 8) | 30,
    centralExtra,
  };
}

function localHeader(member: ZipMember, b: Built): Uint8Array {
  const local = member.local ?? {};
  const name = local.name === undefined ? b.name : bytesOf(local.name);
  const extra = member.zip64
    ? field(1, u64(local.size ?? b.size, b.compressedSize))
    : new Uint8Array(0);
  const out = Buffer.alloc(30);
  out.writeUInt32LE(0x04034b50, 0);
  out.writeUInt16LE(member.zip64 ? 45 : 20, 4);
  out.writeUInt16LE(local.flags ?? b.flags, 6);
  out.writeUInt16LE(local.method ?? b.method, 8);
  out.writeUInt16LE(DOS_TIME, 10);
  out.writeUInt16LE(DOS_DATE, 12);
  const hidden = member.descriptor !== undefined;
  out.writeUInt32LE(hidden ? 0 : (local.crc ?? b.crc), 14);
  out.writeUInt32LE(hidden ? 0 : member.zip64 ? MAX32 : b.compressedSize, 18);
  out.writeUInt32LE(hidden ? 0 : member.zip64 ? MAX32 : (local.size ?? b.size), 22);
  out.writeUInt16LE(name.length, 26);
  out.writeUInt16LE(extra.length, 28);
  return concat([out, name, extra]);
}

function descriptor(member: ZipMember, b: Built): Uint8Array {
  const wide = member.zip64 === true;
  const out = Buffer.alloc(wide ? 24 : 16);
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(b.crc, 4);
  if (wide) out.set(u64(b.compressedSize, b.size), 8);
  else {
    out.writeUInt32LE(b.compressedSize, 8);
    out.writeUInt32LE(b.size, 12);
  }
  return member.descriptor === "unsigned" ? out.subarray(4) : out;
}

function centralRecord(member: ZipMember, b: Built, offset: number): Uint8Array {
  const extra = member.zip64
    ? concat([field(1, u64(b.size, b.compressedSize, offset)), b.centralExtra])
    : b.centralExtra;
  const out = Buffer.alloc(46);
  out.writeUInt32LE(0x02014b50, 0);
  out.writeUInt16LE(b.versionMadeBy, 4);
  out.writeUInt16LE(member.zip64 ? 45 : 20, 6);
  out.writeUInt16LE(b.flags, 8);
  out.writeUInt16LE(b.method, 10);
  out.writeUInt16LE(DOS_TIME, 12);
  out.writeUInt16LE(DOS_DATE, 14);
  out.writeUInt32LE(b.crc, 16);
  out.writeUInt32LE(member.zip64 ? MAX32 : b.compressedSize, 20);
  out.writeUInt32LE(member.zip64 ? MAX32 : b.size, 24);
  out.writeUInt16LE(b.name.length, 28);
  out.writeUInt16LE(extra.length, 30);
  out.writeUInt32LE(b.external, 38);
  out.writeUInt32LE(member.zip64 ? MAX32 : offset, 42);
  return concat([out, b.name, extra]);
}

/** The members as zip bytes, in the order given. */
export function writeZip(members: readonly ZipMember[], options: ZipOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = 0;
  const push = (part: Uint8Array): void => {
    parts.push(part);
    at += part.length;
  };
  for (const member of members) {
    const built = prepare(member);
    if (member.before !== undefined) push(member.before);
    const offset = member.sameDataAs === undefined ? at : offsets[member.sameDataAs]!;
    offsets.push(offset);
    if (member.sameDataAs === undefined) {
      push(localHeader(member, built));
      for (const piece of built.body) push(piece);
      if (member.descriptor !== undefined) push(descriptor(member, built));
    }
    central.push(centralRecord(member, built, offset));
  }
  if (options.beforeDirectory !== undefined) push(options.beforeDirectory);
  const directoryAt = at;
  for (const record of central) push(record);
  const directorySize = at - directoryAt;
  const count = members.length;
  const zip64 = options.zip64End === true;
  if (zip64) {
    const recordAt = at;
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    record.set(u64(count, count, directorySize, directoryAt), 24);
    push(record);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(recordAt), 8);
    locator.writeUInt32LE(1, 16);
    push(locator);
  }
  const comment = options.comment === undefined ? new Uint8Array(0) : bytesOf(options.comment);
  const end = Buffer.alloc(22);
  const e = options.end ?? {};
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(e.diskEntries ?? (zip64 ? 0xffff : count), 8);
  end.writeUInt16LE(e.entries ?? (zip64 ? 0xffff : count), 10);
  end.writeUInt32LE(e.size ?? (zip64 ? MAX32 : directorySize), 12);
  end.writeUInt32LE(e.offset ?? (zip64 ? MAX32 : directoryAt), 16);
  end.writeUInt16LE(comment.length, 20);
  push(end);
  push(comment);
  if (options.trailing !== undefined) push(options.trailing);
  return concat(parts);
}
