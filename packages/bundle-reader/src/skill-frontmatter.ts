// A skill's SKILL.md frontmatter, parsed once for everything that reads it
// from a bundle: the reader's specification warnings (its fields) and the
// findings (how it is written). Both come from one parse within the bounds,
// kept beside the file object the reader hands out (a WeakMap, so it lives
// as long as the file and no longer), and only the small answers are kept:
// the fields and the findings, never the library's tokens and documents.
// A SKILL.md over the catalog's limit is parsed by neither: the catalog and
// the destination refuse it, so its frontmatter is worth no work, and a block
// a hostile bundle hides there once reached an unbounded parse through the
// findings alone.
import { type FrontmatterFinding, frontmatterFindingsOf } from "./findings/frontmatter-findings.js";
import {
  type Frontmatter,
  type FrontmatterOptions,
  frontmatterFieldsOf,
  parseSteps,
  readFrontmatter,
  runSteps,
  runStepsInTurns,
  type Steps,
} from "./frontmatter.js";
import { MAX_SKILL_FILE_BYTES } from "./frontmatter-bounds.js";
import type { SkillFile } from "./types.js";

export type SkillFrontmatter =
  /** The SKILL.md holds `bytes` bytes, over MAX_SKILL_FILE_BYTES: nothing of it was parsed. */
  | { kind: "too-large"; bytes: number }
  | { kind: "read"; frontmatter: Frontmatter; findings: FrontmatterFinding[] };

const known = new WeakMap<object, SkillFrontmatter>();

/**
 * The frontmatter of `file`, a SKILL.md whose UTF-8 length is `bytes` and
 * whose text `textOf` gives (asked only when it is parsed):
 * parsed the first time it is asked for, and the same answer after. The
 * reader asks first, with its bundle's budget, and the findings then find the
 * answer kept; a file the reader never saw is parsed here, within the same
 * per-block bounds.
 */
export function readSkillFrontmatter(
  file: object,
  textOf: () => string,
  bytes: number,
  options: FrontmatterOptions = {},
): SkillFrontmatter {
  return runSteps(readSteps(file, textOf, bytes, options));
}

/** readSkillFrontmatter, giving the event loop a turn between the parse's steps whenever `pause` gives one. */
export function readSkillFrontmatterInTurns(
  file: object,
  textOf: () => string,
  bytes: number,
  options: FrontmatterOptions,
  pause: () => Promise<void> | undefined,
): Promise<SkillFrontmatter> {
  return runStepsInTurns(readSteps(file, textOf, bytes, options), pause);
}

function* readSteps(
  file: object,
  textOf: () => string,
  bytes: number,
  options: FrontmatterOptions,
): Steps<SkillFrontmatter> {
  const kept = known.get(file);
  if (kept !== undefined) return kept;
  let read: SkillFrontmatter;
  if (bytes > MAX_SKILL_FILE_BYTES) {
    read = { kind: "too-large", bytes };
  } else {
    const parsed = yield* parseSteps(textOf(), options);
    const findings = frontmatterFindingsOf(parsed, options.onWork);
    read = { kind: "read", frontmatter: frontmatterFieldsOf(parsed), findings };
  }
  known.set(file, read);
  return read;
}

/**
 * What the frontmatter of a skill's SKILL.md says, as the reader read it
 * when the file came from readBundle (so the destination's identity check
 * and the MCP judgement parse nothing again), else read now within the
 * per-block bounds. A bundle's budget belongs to a whole bundle, never to
 * one file's answer, so a block the budget left unparsed is read alone.
 */
export function skillFileFrontmatter(file: SkillFile): Frontmatter {
  const read = readSkillFrontmatter(file, () => file.text, file.bytes.length);
  if (read.kind === "read") {
    const { frontmatter } = read;
    if (frontmatter.kind !== "invalid" || frontmatter.bound !== "bundle-bytes") return frontmatter;
  }
  return readFrontmatter(file.text);
}
