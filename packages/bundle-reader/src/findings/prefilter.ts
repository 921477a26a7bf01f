// The fast path: most files of most skills hold none of the characters the
// hidden-text check watches, and saying so must cost far less than reading
// the bundle did. A file of pure ASCII holds none (one native test). In any
// other file, each byte that can start a watched character's UTF-8 (ten
// bytes, listed from the watched ranges, so the prefilter and the precise
// check can never disagree) is searched for natively, and where one occurs
// its code point is decoded and looked up. Only a file that holds a watched
// character is decoded to a string and walked character by character.
import { isAscii } from "node:buffer";
import { inRanges, WATCHED } from "./invisible-table.js";

/** The bytes that begin the UTF-8 encoding of some watched code point, in order. */
const LEAD_BYTES: readonly number[] = (() => {
  const leads = new Set<number>();
  const encoder = new TextEncoder();
  for (const [low, high] of WATCHED) {
    for (let code = low; code <= high; code += 1) {
      leads.add(encoder.encode(String.fromCodePoint(code))[0]!);
    }
  }
  return [...leads].sort((a, b) => a - b);
})();

const IS_LEAD = new Uint8Array(256);
for (const lead of LEAD_BYTES) IS_LEAD[lead] = 1;
const MAX_SEARCH_HITS = 1024;

/** Whether the valid UTF-8 sequence starting at `i` encodes a watched code point. */
function isWatchedAt(bytes: Uint8Array, i: number): boolean {
  const lead = bytes[i]!;
  let code: number;
  if (lead < 0xe0) code = ((lead & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
  else if (lead < 0xf0)
    code = ((lead & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
  else
    code =
      ((lead & 0x07) << 18) |
      ((bytes[i + 1]! & 0x3f) << 12) |
      ((bytes[i + 2]! & 0x3f) << 6) |
      (bytes[i + 3]! & 0x3f);
  return inRanges(code, WATCHED);
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** Whether UTF-8 `bytes` hold a watched character (false means surely none). */
export function mayHideText(bytes: Uint8Array): boolean {
  const buffer = asBuffer(bytes);
  if (buffer.length === 0 || isAscii(buffer)) return false;
  // One native search (memchr) per lead byte: far cheaper than a loop over every byte in script.
  // Prose dense in such bytes (em dashes, curly quotes) falls back to one loop, so no file costs more.
  let hits = 0;
  for (const lead of LEAD_BYTES) {
    for (let at = buffer.indexOf(lead); at !== -1; at = buffer.indexOf(lead, at + 1)) {
      if (isWatchedAt(buffer, at)) return true;
      hits += 1;
      if (hits > MAX_SEARCH_HITS) return holdsWatched(buffer);
    }
  }
  return false;
}

/** The plain loop: every byte that may lead a watched character is decoded and looked up. */
function holdsWatched(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i += 1) {
    if (IS_LEAD[bytes[i]!] === 1 && isWatchedAt(bytes, i)) return true;
  }
  return false;
}

/** Whether `bytes` hold `<!--` (an HTML comment's opener). */
export function mayHoldComment(bytes: Uint8Array): boolean {
  return asBuffer(bytes).indexOf("<!--") !== -1;
}
