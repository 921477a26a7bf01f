// Reads a skill's install record as the catalog reads a SKILL.md: the
// records directory and the record itself are never followed when they are
// links, only a regular file is read (opened non-blocking, so a fifo put in
// its place cannot stall a thread), no more than MAX_RECORD_BYTES of it, and
// what is read must have a record's shape (record-shape.ts). A record that
// fails any of this is `bad`: its skill alone is refused with `bad-record`,
// every other skill is verified and updated as usual. A missing record is
// not bad: the skill was installed by hand or before records existed.
import { join } from "node:path";
import { holdDirectory, releaseDirectory } from "@skillshelf/bundle-reader";
import { isPresent } from "./directory-root.js";
import { readIn } from "./held-reads.js";
import type { SkillFileRead } from "./read-skill-file.js";
import { parseRecord, type RecordRead } from "./record-shape.js";
import { RECORDS } from "./staging.js";

/**
 * The most bytes of one record. A record lists each file at about 150 bytes
 * beside its path, so 16 MiB holds a bundle of the reader's 10,000 files with
 * paths averaging over 1.4 KiB; what is larger was not written by an install.
 */
export const MAX_RECORD_BYTES: number = 16 * 1024 * 1024;

/** The record of skill `id` in the directory store rooted at `managed`. */
export function readRecordFile(managed: string, id: string): RecordRead {
  const dir = join(managed, RECORDS);
  // Held open while the record is read, so a `.records` swapped for a link
  // after this check is not followed either (held-reads.ts).
  const held = holdDirectory(dir);
  if (held.kind === "missing") {
    return isPresent(dir) ? bad(`${dir} is not a directory`) : { kind: "missing" };
  }
  if (held.kind === "link") return bad(`${dir} is a link, which is never followed`);
  if (held.kind === "unreadable") return bad(`${dir} cannot be read: ${held.detail}`);
  const path = join(dir, `${id}.json`);
  let read: SkillFileRead;
  try {
    read = readIn(held.dir, `${id}.json`, MAX_RECORD_BYTES);
  } finally {
    releaseDirectory(held.dir);
  }
  switch (read.kind) {
    case "missing":
      return { kind: "missing" };
    case "link":
      return bad(`${path} is a link, which is never followed`);
    case "too-large":
      return bad(`${path} holds more than the ${MAX_RECORD_BYTES} bytes a record may`);
    case "unreadable":
      return bad(`${path}: ${read.detail}`);
    case "bytes":
      return parseRecord(Buffer.from(read.bytes).toString("utf8"), id);
  }
}

const bad = (detail: string): RecordRead => ({ kind: "bad", detail });
