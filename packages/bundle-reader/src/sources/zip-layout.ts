// The layout of a zip, judged before anything is inflated. The central
// directory is the authority on what a zip holds, but every entry is also
// described by the local header before its data, and readers that trust the
// local headers (streaming unzippers) would see a different archive if the two
// disagreed; so name, method, flags and sizes must agree. Entries must then
// tile the bytes before the central directory exactly: the first starts at
// byte 0, each begins where the previous one's data (and data descriptor)
// ends, and the last ends where the directory begins. That leaves no room
// for data hidden between entries and makes entries that share data (the
// non-recursive zip bomb, where every entry points at one huge stream)
// impossible.
import { parseExtraFields } from "yauzl";
import { safe64 } from "./zip-end.js";
import type { ZipRecord } from "./zip-record.js";

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const LOCAL_SIZE = 30;
const MAX32 = 0xffffffff;
const ZIP64_FIELD = 0x0001;
/** Bits that must be the same in both headers: encryption, data descriptor, UTF-8 names. */
const SHARED_FLAGS = 0x0001 | 0x0008 | 0x0040 | 0x0800;

/** What the central directory says of an entry that its local header must agree with. */
export type CentralRecord = Pick<
  ZipRecord,
  | "fileNameRaw"
  | "generalPurposeBitFlag"
  | "compressionMethod"
  | "crc32"
  | "compressedSize"
  | "uncompressedSize"
  | "relativeOffsetOfLocalHeader"
>;

export type Layout = { ok: true; dataAt: number[] } | { ok: false; detail: string };

export function checkLayout(
  zip: Buffer,
  records: readonly CentralRecord[],
  directoryAt: number,
): Layout {
  const count = records.length;
  const dataAt = new Array<number>(count);
  const ends = new Array<number>(count);
  const starts = new EntryStarts(records, directoryAt);
  // Writers put entries in directory order, so the offsets are mostly sorted already.
  let inOrder = true;
  for (let index = 0; index < count; index++) {
    const record = records[index]!;
    const local = readLocal(zip, record, directoryAt, starts);
    if (typeof local === "string") return fail(`${local} for '${shown(record)}'`);
    dataAt[index] = local.dataAt;
    ends[index] = local.end;
    if (
      index > 0 &&
      record.relativeOffsetOfLocalHeader < records[index - 1]!.relativeOffsetOfLocalHeader
    )
      inOrder = false;
  }
  const order = [...Array(count).keys()];
  if (!inOrder) {
    order.sort(
      (a, b) => records[a]!.relativeOffsetOfLocalHeader - records[b]!.relativeOffsetOfLocalHeader,
    );
  }
  let expected = 0;
  for (const index of order) {
    const at = records[index]!.relativeOffsetOfLocalHeader;
    if (at < expected)
      return fail(`the data of '${shown(records[index]!)}' overlaps another entry's`);
    if (at > expected) {
      return fail(
        expected === 0
          ? "data before its first entry"
          : `data between entries, before '${shown(records[index]!)}'`,
      );
    }
    expected = ends[index]!;
  }
  if (expected !== directoryAt)
    return fail("data between its last entry and its central directory");
  return { ok: true, dataAt };
}

/**
 * Where entries (and the central directory) begin: what a data descriptor
 * must end at. Gathered only when an entry has a descriptor to place.
 */
class EntryStarts {
  private set: Set<number> | undefined;

  constructor(
    private readonly records: readonly CentralRecord[],
    private readonly directoryAt: number,
  ) {}

  has(at: number): boolean {
    if (this.set === undefined) {
      this.set = new Set(this.records.map((record) => record.relativeOffsetOfLocalHeader));
      this.set.add(this.directoryAt);
    }
    return this.set.has(at);
  }
}

/** The local header's agreement with the central record, and where its entry ends. */
function readLocal(
  zip: Buffer,
  record: CentralRecord,
  directoryAt: number,
  starts: EntryStarts,
): { dataAt: number; end: number } | string {
  const at = record.relativeOffsetOfLocalHeader;
  if (at + LOCAL_SIZE > directoryAt || zip.readUInt32LE(at) !== LOCAL) {
    return "no local header where the central directory says";
  }
  const flags = zip.readUInt16LE(at + 6);
  const nameLength = zip.readUInt16LE(at + 26);
  const extraLength = zip.readUInt16LE(at + 28);
  const dataAt = at + LOCAL_SIZE + nameLength + extraLength;
  if (dataAt > directoryAt) return "a local header that runs into the central directory";
  if ((flags & SHARED_FLAGS) !== (record.generalPurposeBitFlag & SHARED_FLAGS)) {
    return "local and central flags that disagree";
  }
  if (zip.readUInt16LE(at + 8) !== record.compressionMethod) {
    return "local and central compression methods that disagree";
  }
  const name = record.fileNameRaw;
  const nameAt = at + LOCAL_SIZE;
  if (
    nameLength !== name.length ||
    zip.compare(name, 0, nameLength, nameAt, dataAt - extraLength) !== 0
  ) {
    return "local and central names that disagree";
  }
  const dataEnd = dataAt + record.compressedSize;
  if (dataEnd > directoryAt) return "data that runs into the central directory";
  if ((flags & 0x0008) !== 0) {
    const end = descriptorEnd(zip, record, dataEnd, directoryAt, starts);
    return end === undefined
      ? "a data descriptor that disagrees with the central directory"
      : { dataAt, end };
  }
  const sizes = localSizes(zip, at, dataAt - extraLength, dataAt);
  if (sizes === undefined) return "a local zip64 field that cannot be read";
  if (
    zip.readUInt32LE(at + 14) !== record.crc32 ||
    sizes.compressed !== record.compressedSize ||
    sizes.uncompressed !== record.uncompressedSize
  ) {
    return "local and central sizes or CRC that disagree";
  }
  return { dataAt, end: dataEnd };
}

/** The local header's sizes, from its zip64 field where it points to one. */
function localSizes(
  zip: Buffer,
  at: number,
  extraAt: number,
  extraEnd: number,
): { compressed: number; uncompressed: number } | undefined {
  const compressed = zip.readUInt32LE(at + 18);
  const uncompressed = zip.readUInt32LE(at + 22);
  if (compressed !== MAX32 && uncompressed !== MAX32) return { compressed, uncompressed };
  let fields: { id: number; data: Buffer }[];
  try {
    fields = parseExtraFields(zip.subarray(extraAt, extraEnd));
  } catch {
    return undefined;
  }
  const zip64 = fields.find((field) => field.id === ZIP64_FIELD)?.data;
  // In a local header the zip64 field holds both sizes, uncompressed first.
  if (zip64 === undefined || zip64.length < 16) return undefined;
  const long = { uncompressed: safe64(zip64, 0), compressed: safe64(zip64, 8) };
  if (long.uncompressed === undefined || long.compressed === undefined) return undefined;
  return {
    compressed: compressed === MAX32 ? long.compressed : compressed,
    uncompressed: uncompressed === MAX32 ? long.uncompressed : uncompressed,
  };
}

/**
 * Where the data descriptor after an entry's data ends, when it agrees with
 * the central record. Its signature is optional and its sizes are 4 or 8
 * bytes wide; the reading taken is the one that ends where an entry or the
 * central directory begins (any other leaves a gap the layout check refuses).
 */
function descriptorEnd(
  zip: Buffer,
  record: CentralRecord,
  dataEnd: number,
  directoryAt: number,
  starts: EntryStarts,
): number | undefined {
  for (const signed of [true, false]) {
    if (signed && (dataEnd + 4 > directoryAt || zip.readUInt32LE(dataEnd) !== DESCRIPTOR)) continue;
    const at = signed ? dataEnd + 4 : dataEnd;
    for (const wide of [false, true]) {
      const end = at + (wide ? 20 : 12);
      if (end > directoryAt || !starts.has(end) || zip.readUInt32LE(at) !== record.crc32) continue;
      const compressed = wide ? safe64(zip, at + 4) : zip.readUInt32LE(at + 4);
      const uncompressed = wide ? safe64(zip, at + 12) : zip.readUInt32LE(at + 8);
      if (compressed === record.compressedSize && uncompressed === record.uncompressedSize) {
        return end;
      }
    }
  }
  return undefined;
}

const shown = (record: CentralRecord): string => record.fileNameRaw.toString("utf8");

const fail = (detail: string): { ok: false; detail: string } => ({ ok: false, detail });
