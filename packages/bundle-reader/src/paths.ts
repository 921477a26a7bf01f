// Every rule a path in a bundle must pass, in one place, so that a folder, an
// archive member and an upload are judged alike. A path is checked as it
// stands in the source; the one leading "./" an archive may carry is dropped,
// and so is the trailing "/" of a directory. The fold key is how two names
// that one file system would store as the same file are recognised.
import type { UnsafePathReason } from "./types.js";

export type PathVerdict =
  | { ok: true; path: string; segments: string[] }
  | { ok: false; why: UnsafePathReason };

const MAX_PATH_BYTES = 4096;
const MAX_SEGMENT_BYTES = 255;
const CONTROL = /[\u0000-\u001f\u007f]/;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;
const ASCII = /^[\u0000-\u007f]*$/;
const LONE_SURROGATE = /\p{Cs}/u;

/** Checks one path; `utf8` is false when the source's bytes were not valid UTF-8. */
export function checkPath(raw: string, directory: boolean, utf8 = true): PathVerdict {
  if (!utf8 || LONE_SURROGATE.test(raw)) return { ok: false, why: "not-utf8" };
  if (raw.startsWith("/")) return { ok: false, why: "absolute" };
  if (raw.includes(":")) return { ok: false, why: "drive-prefix" };
  let path = raw.startsWith("./") ? raw.slice(2) : raw;
  if (directory && path.endsWith("/")) path = path.slice(0, -1);
  const segments = path.split("/");
  const why = judgeSegments(raw, segments);
  return why === undefined ? { ok: true, path, segments } : { ok: false, why };
}

function judgeSegments(raw: string, segments: string[]): UnsafePathReason | undefined {
  if (segments.includes("..")) return "traversal";
  if (raw.includes("\\")) return "backslash";
  if (CONTROL.test(raw)) return "control-character";
  if (segments.includes("")) return "empty-segment";
  if (segments.includes(".")) return "dot-segment";
  const ascii = ASCII.test(raw);
  for (const segment of segments) {
    if ((ascii ? segment.length : Buffer.byteLength(segment)) > MAX_SEGMENT_BYTES) {
      return "segment-too-long";
    }
  }
  if ((ascii ? raw.length : Buffer.byteLength(raw)) > MAX_PATH_BYTES) return "path-too-long";
  for (const segment of segments) {
    if (RESERVED.test(segment)) return "reserved-name";
    if (segment.endsWith(".") || segment.endsWith(" ")) return "trailing-dot-or-space";
  }
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
