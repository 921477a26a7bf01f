// A zip as a bundle. A zip cannot be read front to back (its central
// directory, the authority on what it holds, is at its end), so the whole
// archive is in memory, as the bytes given or a file read up to the archive
// limit, and nothing is ever extracted. yauzl reads the end records and the
// central directory, the one piece of parsing built for untrusted zips; then,
// before anything is inflated, the entry count is judged, the layout is
// checked (end records, local headers, entries tiling the file) and every
// entry must be one skillshelf can read (neither encrypted nor compressed by
// a method other than stored or deflate). Entries are then admitted to the
// ledger in central-directory order, each judged by its path and kind before
// its data is touched, inflated under what is left of the byte limit and
// judged as text while its bytes are still in the cache. The loop does no
// more per entry than that: records are read in synchronous runs, a small
// member is inflated and answered without a promise, and the read yields to
// the event loop only once a slice of time is spent (reading.ts).

import { isText, MAX_ARCHIVE_BYTES, MAX_BYTES, MAX_ENTRIES } from "@skillshelf/contract";
import { type Entry, fromRandomAccessReaderPromise, type ZipFile } from "yauzl";
import type { Candidate } from "../entries.js";
import { joinedBytes, Ledger } from "../ledger.js";
import type { Reading } from "../reading.js";
import { wantedFor } from "../select.js";
import type { Refusal } from "../types.js";
import { readEachRecord } from "./zip-directory.js";
import { readZipEnd } from "./zip-end.js";
import { kindOfRecord, nameOfRecord } from "./zip-entry.js";
import { inflateMember } from "./zip-inflate.js";
import { checkLayout } from "./zip-layout.js";
import { MemoryReader } from "./zip-memory.js";
import { unsupportedEntry } from "./zip-methods.js";
import { keptOf, type ZipRecord } from "./zip-record.js";

const CENTRAL_SIZE = 46;

export async function readZipMembers(zip: Buffer, reading: Reading): Promise<Ledger | Refusal> {
  if (zip.length > MAX_ARCHIVE_BYTES) {
    return {
      code: "too-large",
      limit: MAX_BYTES,
      detail: "the zip file alone is larger than that",
    };
  }
  let file: ZipFile;
  try {
    const options = { decodeStrings: false, validateEntrySizes: true };
    file = await fromRandomAccessReaderPromise(new MemoryReader(zip), zip.length, options);
  } catch (error) {
    return corrupt(`zip: ${(error as Error).message}`);
  }
  if (file.entryCount > MAX_ENTRIES) return { code: "too-many-entries", limit: MAX_ENTRIES };
  const end = readZipEnd(zip, (file.comment as unknown as Buffer).length);
  if (!end.ok) return corrupt(end.detail);
  const records = await readRecords(zip, file, end, reading);
  if (!Array.isArray(records)) return records;
  const layout = checkLayout(zip, records, end.directoryAt);
  if (!layout.ok) return corrupt(layout.detail);
  for (const record of records) {
    const unsupported = unsupportedEntry(record);
    if (unsupported !== undefined) return unsupported;
  }
  return admitAll(zip, records, layout.dataAt, reading);
}

/** Every central record, checked to fill the central directory exactly. */
async function readRecords(
  zip: Buffer,
  file: ZipFile,
  directory: { directoryAt: number; directoryEnd: number },
  reading: Reading,
): Promise<ZipRecord[] | Refusal> {
  const records: ZipRecord[] = [];
  let cursor = directory.directoryAt;
  const onRecord = (record: Entry): void => {
    records.push(keptOf(record));
    cursor += CENTRAL_SIZE + record.fileNameLength + record.extraFieldLength;
    cursor += record.fileCommentLength;
  };
  try {
    await readEachRecord(file, onRecord, () => reading.pause());
  } catch (error) {
    const message = (error as Error).message;
    // yauzl stops at strong encryption before it has read the entry's name.
    if (message.startsWith("strong encryption")) {
      return { code: "unsupported-entry", path: nameAt(zip, cursor), detail: "strong encryption" };
    }
    return corrupt(`zip: ${message}`);
  }
  if (cursor !== directory.directoryEnd) {
    return corrupt("its central directory holds more or fewer entries than its end record counts");
  }
  return records;
}

async function admitAll(
  zip: Buffer,
  records: readonly ZipRecord[],
  dataAt: readonly number[],
  reading: Reading,
): Promise<Ledger | Refusal> {
  const ledger = new Ledger(false, wantedFor(reading.path), true);
  let total = 0;
  for (let index = 0; index < records.length; index++) {
    const record = records[index]!;
    const name = nameOfRecord(record);
    if (!name.ok) return corrupt(name.detail);
    const { kind, executable, detail } = kindOfRecord(record, name.raw);
    const size = record.uncompressedSize;
    if (kind === "directory" && size > 0) {
      return corrupt(`the directory '${name.raw}' claims ${size} bytes of data`);
    }
    const candidate: Candidate = { raw: name.raw, utf8: name.utf8, kind, size };
    if (detail !== undefined) candidate.detail = detail;
    const admission = ledger.admit(candidate);
    if (admission.kind === "refused") return admission.refusal;
    const at = dataAt[index]!;
    const data = zip.subarray(at, at + record.compressedSize);
    const member = { method: record.compressionMethod, data, size, crc: record.crc32 };
    let inflated = inflateMember(member, MAX_BYTES - total);
    if (inflated instanceof Promise) inflated = await inflated;
    if (!inflated.ok) {
      if (inflated.over) return { code: "too-large", limit: MAX_BYTES };
      return corrupt(`'${name.raw}' holds ${inflated.detail}`);
    }
    total += size;
    if (admission.kind === "file") {
      // Judged as text now, while the bytes are still in the cache from the CRC.
      const body = joinedBytes(inflated.bytes);
      ledger.fill(admission.slot, body, executable, isText(body));
    }
    reading.progress(total, ledger.entries);
    const paused = reading.pause();
    if (paused !== undefined) await paused;
    reading.check();
  }
  reading.progress(total, ledger.entries);
  return ledger;
}

/** The name of the central record at `at`, for a refusal yauzl gave before naming it. */
function nameAt(zip: Buffer, at: number): string | undefined {
  if (at + CENTRAL_SIZE > zip.length) return undefined;
  const length = zip.readUInt16LE(at + 28);
  return zip.toString("utf8", at + CENTRAL_SIZE, Math.min(zip.length, at + CENTRAL_SIZE + length));
}

const corrupt = (detail: string): Refusal => ({ code: "corrupt-archive", detail });
