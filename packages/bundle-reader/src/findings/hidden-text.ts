// The hidden-text check over one decoded file: every watched character (see
// invisible-table.ts) is either exempt, because real text needs it there, or
// part of a finding. Neighbouring characters of one kind make one finding, so
// a sentence smuggled in tag characters is reported once, decoded. Tag
// characters and (in SKILL.md) bidi controls refuse; the rest warn. What is
// exempt lives in exemptions.ts.
import {
  flagTagsEnd,
  followsBlackFlag,
  isExempt,
  makeRightToLeftLine,
  unitsOf,
} from "./exemptions.js";
import { BIDI_CONTROLS, inRanges, TAGS, WATCHED, ZERO_WIDTH } from "./invisible-table.js";
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

/** The runs of hidden characters in `text` (SKILL.md's when `isSkillFile`), in text order. */
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
    if (code >= TAGS[0] && code <= TAGS[1] && followsBlackFlag(text, index)) {
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
