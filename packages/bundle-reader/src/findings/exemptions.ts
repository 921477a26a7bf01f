// The exemptions of the hidden-text check: where real text needs a watched
// character, it is no finding. A subdivision flag (England's, Scotland's)
// spells its code in tag characters after a black flag; emoji ZWJ sequences
// join pictographs; Arabic, Syriac and Indic spelling puts joiners between
// letters; right-to-left prose places punctuation with direction marks; a
// byte order mark opens a file. Each rule is as narrow as the text needs.
import {
  EMOJI_TRAILERS,
  inRanges,
  joiningScriptOf,
  PICTOGRAPHS,
  type Range,
  RIGHT_TO_LEFT,
  TAGS,
} from "./invisible-table.js";

const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BOM = 0xfeff;
const MARKS: readonly Range[] = [
  [0x200e, 0x200f],
  [0x061c, 0x061c],
];

/** Whether tag characters (ending with CANCEL TAG) spell a subdivision flag's code: gbeng, gbsct, usca. */
function isFlagTagSpec(codes: readonly number[]): boolean {
  if (codes.at(-1) !== CANCEL_TAG) return false;
  const spec = codes.slice(0, -1).map((code) => String.fromCharCode(code - TAGS[0]));
  return /^(?:[a-z]{2}|[0-9]{3})[a-z0-9]{1,4}$/.test(spec.join(""));
}

export function codeBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

export const unitsOf = (code: number): number => (code > 0xffff ? 2 : 1);

/** The pictograph a ZWJ follows, stepping back over VS16 and skin tones. */
function pictographBefore(text: string, index: number): boolean {
  let at = index;
  for (;;) {
    const code = codeBefore(text, at);
    if (code === undefined) return false;
    if (inRanges(code, EMOJI_TRAILERS)) {
      at -= unitsOf(code);
      continue;
    }
    return inRanges(code, PICTOGRAPHS);
  }
}

/** Whether a joiner at `index` is needed there: in an emoji sequence, or between two letters of a joining script. */
function isNeededJoiner(text: string, index: number, code: number): boolean {
  const next = text.codePointAt(index + 1);
  if (next === undefined) return false;
  if (code === ZWJ && inRanges(next, PICTOGRAPHS) && pictographBefore(text, index)) return true;
  const before = codeBefore(text, index);
  const script = before === undefined ? undefined : joiningScriptOf(before);
  return script !== undefined && joiningScriptOf(next) === script;
}

/**
 * Whether the line around `index` holds a right-to-left letter, for indexes
 * asked in increasing order: each line is searched once, and finding a
 * line's start never walks back past the line asked about before.
 */
export function makeRightToLeftLine(text: string): (index: number) => boolean {
  let lineStart = -1;
  let lineEnd = -1;
  let answer = false;
  return (index) => {
    if (index >= lineStart && index < lineEnd) return answer;
    const newline = text.indexOf("\n", index);
    lineEnd = newline === -1 ? text.length : newline;
    // The newline found lies at or after the last line asked about, so the walk back stays short.
    lineStart = text.lastIndexOf("\n", index) + 1;
    answer = false;
    for (let at = lineStart; at < lineEnd; at += 1) {
      const unit = text.charCodeAt(at);
      const code = unit >= 0xd800 && unit <= 0xdbff ? text.codePointAt(at)! : unit;
      if (code >= 0x0590 && inRanges(code, RIGHT_TO_LEFT)) {
        answer = true;
        break;
      }
    }
    return answer;
  };
}

/** Whether the tag character at `index` follows a black flag, as a subdivision flag's first tag does. */
export function followsBlackFlag(text: string, index: number): boolean {
  return codeBefore(text, index) === BLACK_FLAG;
}

/** After a black flag at `index`: the offset past a valid subdivision flag's tags, or -1. */
export function flagTagsEnd(text: string, index: number): number {
  const codes: number[] = [];
  let at = index;
  while (at < text.length && codes.length < 8) {
    const code = text.codePointAt(at)!;
    if (code < TAGS[0] || code > TAGS[1]) return -1;
    codes.push(code);
    at += 2;
    if (code === CANCEL_TAG) return isFlagTagSpec(codes) ? at : -1;
  }
  return -1;
}

/** Whether the watched character `code` at `index` is one real text needs there. */
export function isExempt(
  text: string,
  index: number,
  code: number,
  rightToLeft: (index: number) => boolean,
): boolean {
  if (code === BOM) return index === 0;
  if (code === ZWJ || code === ZWNJ) return isNeededJoiner(text, index, code);
  if (inRanges(code, MARKS)) return rightToLeft(index);
  return false;
}
