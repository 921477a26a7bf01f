// The shapes between the two steps of a read: a source (folder, tar, gzip,
// uploads, and any source added later) describes each of its entries as a
// Candidate to the ledger, hands over the bytes of the files the ledger
// keeps, and ends with Entries; the skills step (resolve.ts) selects, judges
// and turns Entries into skills. Nothing else passes between a source and the skills step, so a
// new source needs only to speak these types (see ledger.ts for the calls).
import type { GitOrigin, Refusal } from "./types.js";

/** What an entry is, as far as a bundle cares. */
export type EntryKind = "file" | "directory" | "link" | "special";

/** One entry as a source describes it, before any body is read. */
export type Candidate = {
  /** The path as it stands in the source (a folder's entries begin with the folder's name). */
  raw: string;
  /** False when the source's bytes for the path were not valid UTF-8. */
  utf8?: boolean;
  kind: EntryKind;
  /** A file's size in bytes, as the source claims it before reading. */
  size: number;
  /** For links and special entries: what the entry is, for the operator. */
  detail?: string;
};

/** An entry as the ledger recorded it: unjudged, in source order, with its body if kept. */
export type RecordedEntry = {
  /** The path as it stands in the source. */
  raw: string;
  /** The path with one leading "./" and a directory's trailing "/" dropped. */
  path: string;
  kind: EntryKind;
  utf8: boolean;
  detail?: string;
  /** Position in source order. */
  order: number;
  /** A kept file's body, whole or in the pieces it arrived in; empty when not kept. */
  bytes: Uint8Array | readonly Uint8Array[];
  executable: boolean;
  /** Whether the body is text (text.ts), when the source judged it as it read it. */
  text?: boolean;
};

/** An accepted file: its path as stored and as judged, its place in source order, its bytes. */
export type FileEntry = {
  raw: string;
  /** The path with a leading "./" dropped. */
  path: string;
  /** Position in source order, shared with directories. */
  order: number;
  /** The whole body, proven valid UTF-8. */
  bytes: Uint8Array;
  executable: boolean;
};

/** Everything a source holds, recorded whole and judged by the selection step. */
export type Entries = {
  entries: RecordedEntry[];
  /** The name a skill at the root takes (an archive's file name), if the source has one. */
  name: string | undefined;
  /** Whether the source is a zip, whose __MACOSX directory is set aside. */
  zip?: boolean;
};

export type EntriesResult =
  | { ok: true; entries: Entries; origin?: GitOrigin }
  | { ok: false; refusal: Refusal };
