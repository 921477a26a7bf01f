// Every rule a path in a bundle must pass, in one place, so that a folder, an
// archive member and an upload are judged alike. A path is checked as it
// stands in the source; the one leading "./" an archive may carry is dropped,
// and so is the trailing "/" of a directory. Each path is scanned once (this
// runs for every entry of every bundle), noting every rule it breaks, and the
// first broken rule in the contract's order is the reason given.
import { MAX_PATH_BYTES, MAX_SEGMENT_BYTES } from "./limits.js";
import type { UnsafePathReason } from "./refusal.js";

export type PathVerdict = { ok: true; path: string } | { ok: false; why: UnsafePathReason };

const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;

type Scan = {
  ascii: boolean;
  wellFormed: boolean;
  colon: boolean;
  backslash: boolean;
  control: boolean;
};

/** Checks one path; `utf8` is false when the source's bytes were not valid UTF-8. */
export function checkPath(raw: string, directory: boolean, utf8 = true): PathVerdict {
  return judgePath(raw, directory, utf8).verdict;
}

/** A verdict, and whether the path was plain ASCII (so its directories need no second look). */
type Judgement = { verdict: PathVerdict; plain: boolean };

function judgePath(raw: string, directory: boolean, utf8: boolean): Judgement {
  const scan = scanCharacters(raw);
  const plain = scan === PLAIN;
  if (!utf8 || !scan.wellFormed) return { verdict: { ok: false, why: "not-utf8" }, plain };
  if (raw.charCodeAt(0) === 0x2f) return { verdict: { ok: false, why: "absolute" }, plain };
  if (scan.colon) return { verdict: { ok: false, why: "drive-prefix" }, plain };
  const path = judgedPath(raw, directory);
  const why = plain ? judgePlain(raw, path) : judgeSegments(raw, path.split("/"), scan);
  return { verdict: why === undefined ? { ok: true, path } : { ok: false, why }, plain };
}

/** The path as judged: one leading "./" and a directory's trailing "/" dropped. */
function judgedPath(raw: string, directory: boolean): string {
  const path = raw.startsWith("./") ? raw.slice(2) : raw;
  return directory && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** The reasons the contract ranks after `path-too-long`. */
const AFTER_LENGTH: ReadonlySet<UnsafePathReason> = new Set([
  "reserved-name",
  "trailing-dot-or-space",
]);

/**
 * Checks the paths of one source, with the same verdicts as `checkPath`: a
 * directory whose path passed in plain ASCII is remembered, so a path below
 * it is judged by its last segment and its length alone. Every segment rule
 * is a rule of one segment, so this is exact, and it keeps the cost of a
 * tree 2,000 levels deep in proportion to its entries, not to their depth.
 */
export class PathChecker {
  private readonly plainDirectories = new Set<string>();
  private lastPlain: string | undefined;

  check(raw: string, directory: boolean, utf8 = true): PathVerdict {
    const path = judgedPath(raw, directory);
    const slash = path.lastIndexOf("/");
    const parent = slash > 0 ? path.slice(0, slash) : undefined;
    const known =
      utf8 &&
      parent !== undefined &&
      (parent === this.lastPlain || this.plainDirectories.has(parent));
    const { verdict, plain } = known
      ? this.judgeBelow(raw, path, slash)
      : judgePath(raw, directory, utf8);
    if (verdict.ok && plain) {
      if (parent !== undefined) this.remember(parent);
      if (directory) this.remember(path);
    }
    return verdict;
  }

  /** A path below a plain directory already passed: its last segment, then its length. */
  private judgeBelow(raw: string, path: string, slash: number): Judgement {
    const last = judgePath(path.slice(slash + 1), false, true);
    const tooLong =
      raw.length > MAX_PATH_BYTES ||
      (raw.length * 3 > MAX_PATH_BYTES && Buffer.byteLength(raw) > MAX_PATH_BYTES);
    const { verdict } = last;
    if (!verdict.ok && !(tooLong && AFTER_LENGTH.has(verdict.why))) return last;
    if (tooLong) return { verdict: { ok: false, why: "path-too-long" }, plain: last.plain };
    return { verdict: { ok: true, path }, plain: last.plain };
  }

  private remember(directory: string): void {
    if (directory === this.lastPlain) return;
    this.plainDirectories.add(directory);
    this.lastPlain = directory;
  }
}

// The segment rules for a plain ASCII path, as native scans of the whole
// path rather than a loop over its segments: a path 2,000 levels deep is
// judged at the cost of reading it. Same rules, same order as judgeSegments.
const TRAVERSAL = /(?:^|\/)\.\.(?:\/|$)/;
const EMPTY_SEGMENT = /(?:^|\/)(?:\/|$)/;
const DOT_SEGMENT = /(?:^|\/)\.(?:\/|$)/;
const LONG_SEGMENT = new RegExp(`(?:^|/)[^/]{${MAX_SEGMENT_BYTES + 1}}`);
const RESERVED_SEGMENT = /(?:^|\/)(?:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:\.[^/]*)?(?:\/|$)/i;
const TRAILING_DOT_OR_SPACE = /[. ](?:\/|$)/;

function judgePlain(raw: string, path: string): UnsafePathReason | undefined {
  if (TRAVERSAL.test(path)) return "traversal";
  if (EMPTY_SEGMENT.test(path)) return "empty-segment";
  if (DOT_SEGMENT.test(path)) return "dot-segment";
  if (path.length > MAX_SEGMENT_BYTES && LONG_SEGMENT.test(path)) return "segment-too-long";
  if (raw.length > MAX_PATH_BYTES) return "path-too-long";
  if (RESERVED_SEGMENT.test(path)) return "reserved-name";
  if (TRAILING_DOT_OR_SPACE.test(path)) return "trailing-dot-or-space";
  return undefined;
}

/** Anything but printable ASCII other than ':' and '\\': what makes a path need the full scan. */
const UNUSUAL = /[^\u0020-\u0039\u003b-\u005b\u005d-\u007e]/;
const PLAIN: Scan = {
  ascii: true,
  wellFormed: true,
  colon: false,
  backslash: false,
  control: false,
};

function scanCharacters(raw: string): Scan {
  // Most paths are plain ASCII: one native scan settles them.
  if (!UNUSUAL.test(raw)) return PLAIN;
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
