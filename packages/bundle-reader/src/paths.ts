// Every rule a path in a bundle must pass, in one place, so that a folder, an
// archive member and an upload are judged alike. A path is checked as it
// stands in the source; the one leading "./" an archive may carry is dropped,
// and so is the trailing "/" of a directory. Each path is scanned once (this
// runs for every entry of every bundle), noting every rule it breaks, and the
// first broken rule in the contract's order is the reason given. The fold key
// is how two names one file system would store as the same file are told.
import type { UnsafePathReason } from "./types.js";

export type PathVerdict =
  | { ok: true; path: string; segments: string[] }
  | { ok: false; why: UnsafePathReason };

/** The longest path, in UTF-8 bytes. */
export const MAX_PATH_BYTES = 4096;
/** The longest name (one segment of a path), in UTF-8 bytes. */
export const MAX_SEGMENT_BYTES = 255;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;
const ASCII = /^[\u0000-\u007f]*$/;

type Scan = {
  ascii: boolean;
  wellFormed: boolean;
  colon: boolean;
  backslash: boolean;
  control: boolean;
};

/** Checks one path; `utf8` is false when the source's bytes were not valid UTF-8. */
export function checkPath(raw: string, directory: boolean, utf8 = true): PathVerdict {
  const scan = scanCharacters(raw);
  if (!utf8 || !scan.wellFormed) return { ok: false, why: "not-utf8" };
  if (raw.charCodeAt(0) === 0x2f) return { ok: false, why: "absolute" };
  if (scan.colon) return { ok: false, why: "drive-prefix" };
  let path = raw.startsWith("./") ? raw.slice(2) : raw;
  if (directory && path.endsWith("/")) path = path.slice(0, -1);
  const segments = path.split("/");
  const why = judgeSegments(raw, segments, scan);
  return why === undefined ? { ok: true, path, segments } : { ok: false, why };
}

function scanCharacters(raw: string): Scan {
  const scan = { ascii: true, wellFormed: true, colon: false, backslash: false, control: false };
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) scan.control = true;
    else if (c === 0x3a) scan.colon = true;
    else if (c === 0x5c) scan.backslash = true;
    else if (c > 0x7f) {
      scan.ascii = false;
      if (c >= 0xd800 && c <= 0xdbff) {
        const next = raw.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
        else scan.wellFormed = false;
      } else if (c >= 0xdc00 && c <= 0xdfff) {
        scan.wellFormed = false;
      }
    }
  }
  return scan;
}

function judgeSegments(raw: string, segments: string[], scan: Scan): UnsafePathReason | undefined {
  let traversal = false;
  let empty = false;
  let dot = false;
  let long = false;
  let reserved = false;
  let trailing = false;
  for (const segment of segments) {
    const length = segment.length;
    if (length === 0) empty = true;
    else if (segment === ".") dot = true;
    else if (segment === "..") traversal = true;
    else {
      if ((scan.ascii ? length : Buffer.byteLength(segment)) > MAX_SEGMENT_BYTES) long = true;
      const last = segment.charCodeAt(length - 1);
      if (last === 0x2e || last === 0x20) trailing = true;
      if (length >= 3 && RESERVED.test(segment)) reserved = true;
    }
  }
  if (traversal) return "traversal";
  if (scan.backslash) return "backslash";
  if (scan.control) return "control-character";
  if (empty) return "empty-segment";
  if (dot) return "dot-segment";
  if (long) return "segment-too-long";
  if ((scan.ascii ? raw.length : Buffer.byteLength(raw)) > MAX_PATH_BYTES) return "path-too-long";
  if (reserved) return "reserved-name";
  if (trailing) return "trailing-dot-or-space";
  return undefined;
}

/** Whether a raw path is the archive's own root ("./"), which stands for nothing. */
export function isRootPath(raw: string): boolean {
  return raw === "./";
}

/** The key two paths share when one file system would store them as one: NFC, case folded. */
export function foldPath(path: string): string {
  if (ASCII.test(path)) return path.toLowerCase();
  return path.normalize("NFC").toUpperCase().toLowerCase().normalize("NFC");
}
