// The end of a zip: the end-of-central-directory record, and the zip64
// record and locator before it when there are any. yauzl finds and reads
// them; this module reads the same bytes again for what yauzl passes over in
// silence, because a reader that trusts one copy of a duplicated field can
// be shown a different archive than another reader is: the 16- and 32-bit
// fields must agree with their zip64 copies (or hold the "see zip64" value),
// the disk counts must agree, the records must abut one another exactly, and
// the comment must not hold a second end record. Where the central directory
// begins and ends is the answer, for the layout check.

const EOCD = 0x06054b50;
const LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const EOCD_SIZE = 22;
const LOCATOR_SIZE = 20;
const ZIP64_EOCD_MIN = 56;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const EOCD_BYTES = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Where the central directory lies, as the end records state it, or why they cannot be trusted. */
export type ZipEnd =
  | { ok: true; entries: number; directoryAt: number; directoryEnd: number }
  | { ok: false; detail: string };

export function readZipEnd(zip: Buffer, commentLength: number): ZipEnd {
  const at = zip.length - EOCD_SIZE - commentLength;
  if (at < 0 || zip.readUInt32LE(at) !== EOCD) return fail("its end record is not where it says");
  if (zip.subarray(at + EOCD_SIZE).indexOf(EOCD_BYTES) !== -1) {
    return fail("its comment holds a second end record");
  }
  const diskEntries = zip.readUInt16LE(at + 8);
  let entries = zip.readUInt16LE(at + 10);
  let size = zip.readUInt32LE(at + 12);
  let offset = zip.readUInt32LE(at + 16);
  if (zip.readUInt16LE(at + 4) !== 0 || zip.readUInt16LE(at + 6) !== 0 || diskEntries !== entries) {
    return fail("its end record names more than one disk");
  }
  let directoryEnd = at;
  const locatorAt = at - LOCATOR_SIZE;
  if (locatorAt >= 0 && zip.readUInt32LE(locatorAt) === LOCATOR) {
    const record = readZip64(zip, locatorAt);
    if (!record.ok) return record;
    if (!agrees(entries, MAX16, record.entries) || !agrees(size, MAX32, record.size)) {
      return fail("its end record and its zip64 end record disagree");
    }
    if (!agrees(offset, MAX32, record.offset)) {
      return fail("its end record and its zip64 end record disagree");
    }
    ({ entries, size, offset } = record);
    directoryEnd = record.at;
  }
  if (offset + size !== directoryEnd) {
    return fail("its central directory does not end where its end record begins");
  }
  return { ok: true, entries, directoryAt: offset, directoryEnd };
}

type Zip64 =
  | { ok: true; at: number; entries: number; size: number; offset: number }
  | { ok: false; detail: string };

function readZip64(zip: Buffer, locatorAt: number): Zip64 {
  const at = safe64(zip, locatorAt + 8);
  if (zip.readUInt32LE(locatorAt + 4) !== 0 || zip.readUInt32LE(locatorAt + 16) > 1) {
    return fail("its zip64 locator names more than one disk");
  }
  if (at === undefined || at + ZIP64_EOCD_MIN > locatorAt || zip.readUInt32LE(at) !== ZIP64_EOCD) {
    return fail("its zip64 locator does not point at a zip64 end record");
  }
  const length = safe64(zip, at + 4);
  if (length === undefined || at + 12 + length !== locatorAt) {
    return fail("its zip64 end record does not end where its locator begins");
  }
  const diskEntries = safe64(zip, at + 24);
  const entries = safe64(zip, at + 32);
  const size = safe64(zip, at + 40);
  const offset = safe64(zip, at + 48);
  if (entries === undefined || size === undefined || offset === undefined) {
    return fail("its zip64 end record holds a number too large to be true");
  }
  if (
    zip.readUInt32LE(at + 16) !== 0 ||
    zip.readUInt32LE(at + 20) !== 0 ||
    diskEntries !== entries
  ) {
    return fail("its zip64 end record names more than one disk");
  }
  return { ok: true, at, entries, size, offset };
}

/** A 64-bit little-endian field, when it is a safe integer. */
export function safe64(bytes: Buffer, at: number): number | undefined {
  const value = bytes.readBigUInt64LE(at);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
}

/** A short field agrees with its zip64 copy when it is equal or says "see zip64". */
const agrees = (short: number, max: number, long: number): boolean =>
  short === long || short === max;

const fail = (detail: string): { ok: false; detail: string } => ({ ok: false, detail });
