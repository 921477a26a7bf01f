// The fast path: most files of most skills hold none of the characters the
// hidden-text check watches, and saying so must cost far less than reading
// the bundle did. Each byte that can start a watched character's UTF-8 (ten
// bytes, listed from the watched ranges, so the prefilter and the precise
// check can never disagree) is searched for natively, and where one occurs
// the byte after it and then the code point are looked up in tables drawn
// from the same ranges. A file of pure ASCII holds none: one native test,
// run only when the first search finds nothing, as a lead byte found shows
// the file is not ASCII. Only a file that holds a watched character is
// decoded to a string and walked character by character.
import { isAscii } from "node:buffer";
import { inRanges, WATCHED } from "./invisible-table.js";

/** 1 at `lead << 8 | next` when some watched code point's UTF-8 begins with those two bytes. */
const PAIRS = new Uint8Array(0x10000);
/** 1 at each watched code point below U+10000; those above are looked up in WATCHED itself. */
const WATCHED_BMP = new Uint8Array(0x10000);
const leads = new Set<number>();
{
  const encoder = new TextEncoder();
  for (const [low, high] of WATCHED) {
    for (let code = low; code <= high; code += 1) {
      const utf8 = encoder.encode(String.fromCodePoint(code));
      // Every watched code point lies above U+007F, so its UTF-8 has at least two bytes.
      PAIRS[(utf8[0]! << 8) | utf8[1]!] = 1;
      if (code < 0x10000) WATCHED_BMP[code] = 1;
      leads.add(utf8[0]!);
    }
  }
}

// E2 leads General Punctuation (dashes, curly quotes), the non-ASCII byte prose
// holds most often: searched first, a hit there spares most files the ASCII test.
const PROSE_LEAD = 0xe2;
/** The bytes that begin the UTF-8 encoding of some watched code point, PROSE_LEAD first. */
const LEAD_BYTES: readonly number[] = [...leads].sort(
  (a, b) => Number(b === PROSE_LEAD) - Number(a === PROSE_LEAD) || a - b,
);

/** Whether the valid UTF-8 sequence starting at `i` encodes a watched code point. */
function isWatchedAt(bytes: Uint8Array, i: number, end: number): boolean {
  const lead = bytes[i]!;
  // The byte after the lead rules out nearly every character that is not watched (emoji, CJK, Latin).
  if (i + 1 >= end || PAIRS[(lead << 8) | bytes[i + 1]!] === 0) return false;
  if (lead < 0xe0) return true; // two bytes: the pair is the whole character
  if (i + 2 >= end) return false;
  const next = bytes[i + 1]! & 0x3f;
  if (lead < 0xf0)
    return WATCHED_BMP[((lead & 0x0f) << 12) | (next << 6) | (bytes[i + 2]! & 0x3f)] === 1;
  if (i + 3 >= end) return false;
  const code =
    ((lead & 0x07) << 18) | (next << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f);
  return inRanges(code, WATCHED);
}

/** Lead-byte hits allowed before the byte loop takes over: a native search costs about as much as looping over 64 bytes. */
const hitBudget = (length: number): number => 16 + (length >> 6);

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** Whether UTF-8 `bytes` hold a watched character (false means surely none). */
export function mayHideText(bytes: Uint8Array): boolean {
  const buffer = asBuffer(bytes);
  const length = buffer.length;
  if (length === 0) return false;
  // One native search (memchr) per lead byte: far cheaper than a loop over every byte in script.
  // Prose dense in lead bytes (em dashes, curly quotes, emoji) falls back to one loop, so no file costs more.
  let hits = hitBudget(length);
  for (let l = 0; l < LEAD_BYTES.length; l += 1) {
    const lead = LEAD_BYTES[l]!;
    let at = buffer.indexOf(lead);
    // Until a search finds a lead byte the file may be pure ASCII, which one native test can say.
    if (l === 0 && at === -1 && isAscii(buffer)) return false;
    for (; at !== -1; at = buffer.indexOf(lead, at + 1)) {
      if (isWatchedAt(buffer, at, length)) return true;
      hits -= 1;
      if (hits === 0) return holdsWatched(buffer, length);
    }
  }
  return false;
}

/** The plain loop: every byte that may lead a watched character is looked up. */
function holdsWatched(bytes: Uint8Array, end: number): boolean {
  for (let i = 0; i < end; i += 1) {
    // Below C2 lie ASCII and continuation bytes, which lead nothing.
    if (bytes[i]! >= 0xc2 && isWatchedAt(bytes, i, end)) return true;
  }
  return false;
}

/** Whether `bytes` hold `<!--` (an HTML comment's opener). */
export function mayHoldComment(bytes: Uint8Array): boolean {
  return asBuffer(bytes).indexOf("<!--") !== -1;
}
