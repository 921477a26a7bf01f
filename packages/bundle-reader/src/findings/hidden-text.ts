// The hidden-text check over one decoded file: every watched character (see
// invisible-table.ts) is either exempt, because real text needs it there, or
// part of a finding. Neighbouring characters of one kind make one finding, so
// a sentence smuggled in tag characters is reported once, decoded. Tag
// characters and (in SKILL.md) bidi controls refuse; the rest warn.
import {
  BIDI_CONTROLS,
  EMOJI_TRAILERS,
  inRanges,
  joiningScriptOf,
  PICTOGRAPHS,
  type Range,
  RIGHT_TO_LEFT,
  TAGS,
  WATCHED,
  ZERO_WIDTH,
} from "./invisible-table.js";
import { positionsIn } from "./positions.js";

type Kind = "tag" | "bidi" | "zero-width" | "format";

/** A run of hidden characters of one kind, before it becomes a finding. */
export type HiddenRun = {
  kind: Kind;
  severity: "refuse" | "warn";
  line: number;
  column: number;
  detail: string;
};

const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BOM = 0xfeff;
const MARKS: readonly Range[] = [
  [0x200e, 0x200f],
  [0x061c, 0x061c],
];
const SHOWN = 60;
const KEPT_CODES = 256;

const NAMES: Record<number, string> = {
  173: "SOFT HYPHEN",
  1564: "ARABIC LETTER MARK",
  8203: "ZERO WIDTH SPACE",
  8204: "ZERO WIDTH NON-JOINER",
  8205: "ZERO WIDTH JOINER",
  8206: "LEFT-TO-RIGHT MARK",
  8207: "RIGHT-TO-LEFT MARK",
  8234: "LEFT-TO-RIGHT EMBEDDING",
  8235: "RIGHT-TO-LEFT EMBEDDING",
  8236: "POP DIRECTIONAL FORMATTING",
  8237: "LEFT-TO-RIGHT OVERRIDE",
  8238: "RIGHT-TO-LEFT OVERRIDE",
  8288: "WORD JOINER",
  8289: "FUNCTION APPLICATION",
  8290: "INVISIBLE TIMES",
  8291: "INVISIBLE SEPARATOR",
  8292: "INVISIBLE PLUS",
  8294: "LEFT-TO-RIGHT ISOLATE",
  8295: "RIGHT-TO-LEFT ISOLATE",
  8296: "FIRST STRONG ISOLATE",
  8297: "POP DIRECTIONAL ISOLATE",
  65279: "ZERO WIDTH NO-BREAK SPACE (BOM)",
};

const unicodeOf = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
const nameOf = (code: number): string =>
  NAMES[code] === undefined ? unicodeOf(code) : `${unicodeOf(code)} ${NAMES[code]}`;

const escapeRange = (code: number): string => `\\u{${code.toString(16)}}`;
const watchedPattern = (): RegExp =>
  new RegExp(
    `[${WATCHED.map(([low, high]) => (low === high ? escapeRange(low) : `${escapeRange(low)}-${escapeRange(high)}`)).join("")}]`,
    "gu",
  );

/** The ASCII text tag characters spell; a tag with no ASCII twin shows as its code point. */
export function decodeTags(codes: readonly number[]): string {
  return codes
    .map((code) => {
      const ascii = code - TAGS[0];
      return ascii >= 0x20 && ascii <= 0x7e ? String.fromCharCode(ascii) : `<${unicodeOf(code)}>`;
    })
    .join("");
}

/** Whether tag characters (ending with CANCEL TAG) spell a subdivision flag's code: gbeng, gbsct, usca. */
function isFlagTagSpec(codes: readonly number[]): boolean {
  if (codes.at(-1) !== CANCEL_TAG) return false;
  const spec = codes.slice(0, -1).map((code) => String.fromCharCode(code - TAGS[0]));
  return /^(?:[a-z]{2}|[0-9]{3})[a-z0-9]{1,4}$/.test(spec.join(""));
}

function codeBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

const unitsOf = (code: number): number => (code > 0xffff ? 2 : 1);

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
function makeRightToLeftLine(text: string): (index: number) => boolean {
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

function kindOf(code: number): Kind {
  if (code >= TAGS[0] && code <= TAGS[1]) return "tag";
  if (inRanges(code, BIDI_CONTROLS)) return "bidi";
  if (inRanges(code, ZERO_WIDTH)) return "zero-width";
  return "format";
}

function describe(kind: Kind, codes: readonly number[], count: number): string {
  if (kind === "tag") {
    const chars = [...decodeTags(codes)];
    const shown =
      chars.length > SHOWN || count > codes.length
        ? `${chars.slice(0, SHOWN).join("")}…`
        : chars.join("");
    return `hidden text "${shown}" in ${count} Unicode tag ${count === 1 ? "character" : "characters"}`;
  }
  const distinct = [...new Set(codes)].map(nameOf).join(", ");
  return count === 1 ? distinct : `${count} characters: ${distinct}`;
}

/** The runs of hidden characters in `text` (of the file at `path`), in text order. */
export function hiddenRunsOf(text: string, isSkillFile: boolean): HiddenRun[] {
  const runs: HiddenRun[] = [];
  const positionOf = positionsIn(text);
  const rightToLeft = makeRightToLeftLine(text);
  let run: { kind: Kind; start: number; end: number; count: number; codes: number[] } | undefined;
  const close = (): void => {
    if (run === undefined) return;
    const { line, column } = positionOf(run.start);
    const refuses = run.kind === "tag" || (run.kind === "bidi" && isSkillFile);
    runs.push({
      kind: run.kind,
      severity: refuses ? "refuse" : "warn",
      line,
      column,
      detail: describe(run.kind, run.codes, run.count),
    });
    run = undefined;
  };
  const pattern = watchedPattern();
  // A flag's tag characters are exempt up to this offset.
  let flagEnd = -1;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const index = match.index;
    const code = text.codePointAt(index)!;
    if (index < flagEnd || isExempt(text, index, code, rightToLeft)) {
      close();
      continue;
    }
    if (code >= TAGS[0] && code <= TAGS[1] && codeBefore(text, index) === BLACK_FLAG) {
      const end = flagTagsEnd(text, index);
      if (end !== -1) {
        close();
        flagEnd = end;
        continue;
      }
    }
    const kind = kindOf(code);
    if (run !== undefined && (run.kind !== kind || run.end !== index)) close();
    run ??= { kind, start: index, end: index, count: 0, codes: [] };
    run.count += 1;
    // Enough to show; a run of millions is counted, not kept.
    if (run.codes.length < KEPT_CODES) run.codes.push(code);
    run.end = index + unitsOf(code);
  }
  close();
  return runs;
}

/** After a black flag at `index`: the offset past a valid subdivision flag's tags, or -1. */
function flagTagsEnd(text: string, index: number): number {
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

function isExempt(
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
