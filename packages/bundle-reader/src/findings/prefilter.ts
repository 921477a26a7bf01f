// The fast path: most files of most skills hold none of the characters the
// hidden-text check watches, and saying so must cost far less than reading
// the bundle did. A file of pure ASCII holds none (one native test); any
// other file is searched as Latin-1, byte for byte, with one regular
// expression built from the UTF-8 encodings of the watched table, so the
// prefilter and the precise check can never disagree about which characters
// count. Only a file it matches is decoded and walked character by character.
import { isAscii } from "node:buffer";
import { type Range, WATCHED } from "./invisible-table.js";

type Node = Map<number, Node>;

const hex = (byte: number): string => `\\x${byte.toString(16).padStart(2, "0")}`;

/** The UTF-8 bytes of one code point. */
function utf8Of(code: number): number[] {
  return [...new TextEncoder().encode(String.fromCodePoint(code))];
}

/** A character class of bytes, consecutive runs written as ranges. */
function classOf(bytes: number[]): string {
  const sorted = [...bytes].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    parts.push(i === j ? hex(sorted[i]!) : `${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return `[${parts.join("")}]`;
}

/** A pattern for every byte path below `node` (UTF-8 is prefix-free, so a leaf ends a sequence). */
function patternOf(node: Node): string {
  const leaves: number[] = [];
  const branches: string[] = [];
  for (const [byte, child] of node) {
    if (child.size === 0) leaves.push(byte);
    else branches.push(`${hex(byte)}(?:${patternOf(child)})`);
  }
  if (leaves.length > 0) branches.push(classOf(leaves));
  return branches.join("|");
}

/** A Latin-1 pattern matching the UTF-8 encoding of any code point in `ranges`. */
export function bytePatternOf(ranges: readonly Range[]): RegExp {
  const root: Node = new Map();
  for (const [low, high] of ranges) {
    for (let code = low; code <= high; code += 1) {
      let node = root;
      for (const byte of utf8Of(code)) {
        let child = node.get(byte);
        if (child === undefined) {
          child = new Map();
          node.set(byte, child);
        }
        node = child;
      }
    }
  }
  return new RegExp(patternOf(root));
}

const watched = bytePatternOf(WATCHED);

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** Whether UTF-8 `bytes` may hold a watched character (false means surely none). */
export function mayHideText(bytes: Uint8Array): boolean {
  const buffer = asBuffer(bytes);
  if (buffer.length === 0 || isAscii(buffer)) return false;
  return watched.test(buffer.toString("latin1"));
}

/** Whether `bytes` hold `<!--` (an HTML comment's opener). */
export function mayHoldComment(bytes: Uint8Array): boolean {
  return asBuffer(bytes).indexOf("<!--") !== -1;
}
