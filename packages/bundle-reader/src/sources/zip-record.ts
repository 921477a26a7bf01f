// What the zip reader keeps of each central record yauzl reads. Every record
// is held from the directory's first entry until the last member is
// inflated, since nothing may be inflated before the layout of the whole
// archive is judged; yauzl's Entry carries much more (its raw extra and
// comment bytes, every extra field parsed, decoded copies), and holding
// 10,000 of those through the inflation made the collector's work grow with
// them. So each is cut down, as it is read, to the fields the layout check,
// the method check and the entry's name and kind use.
import type { Entry } from "yauzl";

const UNICODE_PATH = 0x7075;

export type ZipRecord = {
  fileNameRaw: Buffer;
  generalPurposeBitFlag: number;
  compressionMethod: number;
  crc32: number;
  /** The sizes and offset with their zip64 values resolved (yauzl does that). */
  compressedSize: number;
  uncompressedSize: number;
  relativeOffsetOfLocalHeader: number;
  versionMadeBy: number;
  externalFileAttributes: number;
  /** The data of the Info-ZIP Unicode Path field (0x7075), when the record has one. */
  unicodePath: Buffer | undefined;
};

export function keptOf(entry: Entry): ZipRecord {
  return {
    fileNameRaw: entry.fileNameRaw,
    generalPurposeBitFlag: entry.generalPurposeBitFlag,
    compressionMethod: entry.compressionMethod,
    crc32: entry.crc32,
    compressedSize: entry.compressedSize,
    uncompressedSize: entry.uncompressedSize,
    relativeOffsetOfLocalHeader: entry.relativeOffsetOfLocalHeader,
    versionMadeBy: entry.versionMadeBy,
    externalFileAttributes: entry.externalFileAttributes,
    unicodePath: unicodePathOf(entry.extraFields),
  };
}

function unicodePathOf(fields: readonly { id: number; data: Buffer }[]): Buffer | undefined {
  for (const field of fields) if (field.id === UNICODE_PATH) return field.data;
  return undefined;
}
