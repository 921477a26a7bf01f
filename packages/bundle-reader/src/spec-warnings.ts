// The Agent Skills specification's rules for a SKILL.md's frontmatter, as
// warnings: a skill that breaks them still reads, installs and is offered
// (hosts differ in what they demand), but the author hears of it, and a team
// that gates on the specification asks for `strict`, which turns the first
// warning into the refusal `spec-violation`. Checked: frontmatter present
// (a SKILL.md that declares its id by title draws that one warning), `name`
// and `description` present, `name` by the id rule, `description` at most 1,024
// characters, `compatibility` 1 to 500, `metadata` a map of strings,
// `allowed-tools` a string, and any other top-level field named as
// host-specific. Lengths count Unicode code points, as the specification's
// "characters" reads. Whether `name` equals the directory is not a warning:
// the catalog refuses that (`identity-mismatch`) wherever a skill is checked.
//
// What this costs is bounded before any YAML is parsed: a SKILL.md over the
// catalog's limit is not parsed at all (it draws one warning; the catalog
// refuses it anyway), each block and the bundle's blocks together are held to
// the bounds of frontmatter-bounds.ts (past one, the bundle is refused,
// `frontmatter-too-large`), and at most MAX_WARNINGS warnings are kept, the
// rest counted in one last warning. The parse is readSkillFrontmatter's,
// kept for the findings, so a bundle's frontmatter is parsed once. Between
// skills, and between the steps of a block's parse, the read yields to the
// event loop once it has run a slice, so a server reading a bundle of the
// costliest blocks still answers its other requests meanwhile.

import { concerning, formatCount, isValidId } from "@skillshelf/contract";
import { type Frontmatter, readFrontmatter } from "./frontmatter.js";
import {
  MAX_BUNDLE_FRONTMATTER_BYTES,
  MAX_SKILL_FILE_BYTES,
  MAX_WARNINGS,
} from "./frontmatter-bounds.js";
import { readSkillFrontmatterInTurns } from "./skill-frontmatter.js";
import type { Refusal, Skill, Warning, WarningCode } from "./types.js";

const SKILL_FILE = "SKILL.md";
const MAX_DESCRIPTION = 1024;
const MAX_COMPATIBILITY = 500;
const KNOWN_FIELDS = new Set([
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
]);
const SPEC = "the Agent Skills specification";

/** The specification's verdict on a bundle's skills: its warnings (at most MAX_WARNINGS kept, `total` counted), or the refusal of a frontmatter past its bounds. */
export type SpecVerdict =
  | { ok: true; warnings: Warning[]; total: number; bySkill: Map<string, number> }
  | { ok: false; refusal: Refusal };

/**
 * Every warning for `skills`, skill by skill in the order given, fields in a
 * fixed order. `pause` is asked between skills and between the steps of a
 * parse, and its promise (a turn of the event loop, once a slice of work has
 * run) awaited when it gives one.
 */
export async function specWarnings(
  skills: readonly Skill[],
  pause: () => Promise<void> | undefined = () => undefined,
): Promise<SpecVerdict> {
  const kept = new KeptWarnings();
  const budget = { bytes: MAX_BUNDLE_FRONTMATTER_BYTES };
  for (const skill of skills) {
    const file = skill.files.find((candidate) => candidate.path === SKILL_FILE);
    if (file === undefined) continue;
    const turn = pause();
    if (turn !== undefined) await turn;
    const warn = warnFor(skill.name, kept);
    const read = await readSkillFrontmatterInTurns(
      file,
      () => file.text,
      file.bytes.length,
      { budget },
      pause,
    );
    if (read.kind === "too-large") {
      warn(
        "skill-file-too-large",
        "frontmatter",
        `has a SKILL.md of ${formatCount(read.bytes)} bytes; a catalog offers none over ${formatCount(MAX_SKILL_FILE_BYTES)}, so its frontmatter was not read`,
      );
      continue;
    }
    const { frontmatter } = read;
    if (frontmatter.kind === "invalid" && frontmatter.bound !== undefined) {
      const refusal: Refusal = {
        code: "frontmatter-too-large",
        skill: skill.name,
        detail: frontmatter.reason,
      };
      if (frontmatter.limit !== undefined) refusal.limit = frontmatter.limit;
      // Past the bundle's own bound, any skill could be the one that tips it: no skip is named.
      const atFault = frontmatter.bound === "bundle-bytes" ? [] : [{ skill: skill.name, count: 1 }];
      return { ok: false, refusal: concerning(refusal, atFault, skills.length) };
    }
    checkFrontmatter(frontmatter, skill.name, warn);
  }
  return { ok: true, warnings: kept.list(), total: kept.total, bySkill: kept.bySkill };
}

/**
 * Strict checking: the refusal for a bundle that drew warnings, naming the
 * first, and every skill that drew one (`bySkill`, of the `among` read) so
 * the others can be imported with `skip`.
 */
export function strictRefusal(
  warnings: readonly Warning[],
  total: number = warnings.length,
  bySkill: ReadonlyMap<string, number> = new Map(),
  among = 0,
): Refusal | undefined {
  const first = warnings[0];
  if (first === undefined) return undefined;
  const refusal: Refusal = {
    code: "spec-violation",
    skill: first.skill,
    detail: first.message,
    count: total,
  };
  const atFault = [...bySkill].map(([skill, count]) => ({ skill, count }));
  return concerning(refusal, atFault, among);
}

/** The warnings of one skill, from the text of its SKILL.md (a stored skill's, say); at most MAX_WARNINGS kept, the rest counted in one last warning. */
export function specWarningsOf(skill: string, text: string): Warning[] {
  const kept = new KeptWarnings();
  checkFrontmatter(readFrontmatter(text), skill, warnFor(skill, kept));
  return kept.list();
}

/** The first MAX_WARNINGS warnings, and how many there were in all. */
class KeptWarnings {
  readonly kept: Warning[] = [];
  total = 0;
  /** Every warning counted by skill, kept or not. */
  readonly bySkill = new Map<string, number>();
  add(warning: Warning): void {
    this.total++;
    this.bySkill.set(warning.skill, (this.bySkill.get(warning.skill) ?? 0) + 1);
    if (this.kept.length < MAX_WARNINGS) this.kept.push(warning);
  }
  /** The kept warnings, then one counting those left out, if any were. */
  list(): Warning[] {
    const left = this.total - this.kept.length;
    if (left === 0) return this.kept;
    const last = this.kept[this.kept.length - 1]!;
    const more: Warning = {
      code: "more-warnings",
      skill: last.skill,
      field: "frontmatter",
      message: `${formatCount(left)} more ${left === 1 ? "warning was" : "warnings were"} drawn and not listed; only the first ${MAX_WARNINGS} are kept.`,
    };
    return [...this.kept, more];
  }
}

function warnFor(skill: string, kept: KeptWarnings): Warn {
  return (code, field, words) => {
    kept.add({ code, skill, field, message: `The skill '${skill}' ${words}.` });
  };
}

function checkFrontmatter(frontmatter: Frontmatter, skill: string, warn: Warn): void {
  if (frontmatter.kind === "invalid") {
    const reason = frontmatter.reason.replace(/^its frontmatter /, "it ");
    warn("invalid-frontmatter", "frontmatter", `has frontmatter that cannot be read: ${reason}`);
  } else if (frontmatter.kind === "absent") {
    warn(
      "missing-frontmatter",
      "frontmatter",
      `has no frontmatter; ${SPEC} asks for a '---' block with 'name: ${skill}' and a 'description' of 1 to ${formatCount(MAX_DESCRIPTION)} characters`,
    );
  } else {
    checkName(frontmatter.fields.name, skill, warn);
    checkDescription(frontmatter.fields.description, warn);
    checkOptional(frontmatter.fields, warn);
  }
}

type Warn = (code: WarningCode, field: string, words: string) => void;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

function checkName(name: unknown, skill: string, warn: Warn): void {
  if (isBlank(name)) {
    warn(
      "missing-field",
      "name",
      `has no 'name' in its frontmatter; ${SPEC} asks for 'name: ${skill}'`,
    );
  } else if (typeof name !== "string") {
    warn(
      "field-type",
      "name",
      `has a 'name' that is not a string; ${SPEC} asks for 'name: ${skill}'`,
    );
  } else if (!isValidId(name)) {
    warn(
      "invalid-name",
      "name",
      `has the 'name' '${name}'; ${SPEC} asks for 1 to 64 lower-case letters, digits and single inner hyphens`,
    );
  }
}

function checkDescription(description: unknown, warn: Warn): void {
  if (isBlank(description)) {
    warn(
      "missing-field",
      "description",
      `has no 'description' in its frontmatter; ${SPEC} asks for 1 to ${formatCount(MAX_DESCRIPTION)} characters saying what it does and when to use it`,
    );
  } else if (typeof description !== "string") {
    warn(
      "field-type",
      "description",
      `has a 'description' that is not a string; ${SPEC} asks for text`,
    );
  } else if (length(description) > MAX_DESCRIPTION) {
    warn(
      "field-too-long",
      "description",
      `has a 'description' of ${formatCount(length(description))} characters; ${SPEC} allows at most ${formatCount(MAX_DESCRIPTION)}`,
    );
  }
}

/** The optional fields the specification defines, then every field it does not. */
function checkOptional(fields: Record<string, unknown>, warn: Warn): void {
  const { compatibility, metadata } = fields;
  if (compatibility !== undefined) {
    if (typeof compatibility !== "string") {
      warn(
        "field-type",
        "compatibility",
        `has a 'compatibility' that is not a string; ${SPEC} asks for text`,
      );
    } else if (compatibility.trim() === "") {
      warn(
        "empty-field",
        "compatibility",
        `has an empty 'compatibility'; ${SPEC} asks for 1 to ${MAX_COMPATIBILITY} characters, or no field`,
      );
    } else if (length(compatibility) > MAX_COMPATIBILITY) {
      warn(
        "field-too-long",
        "compatibility",
        `has a 'compatibility' of ${formatCount(length(compatibility))} characters; ${SPEC} allows at most ${MAX_COMPATIBILITY}`,
      );
    }
  }
  if (metadata !== undefined && !isStringMap(metadata)) {
    warn(
      "field-type",
      "metadata",
      `has a 'metadata' that is not a map of strings; ${SPEC} asks for 'key: value' pairs of text`,
    );
  }
  if (Object.hasOwn(fields, "allowed-tools") && typeof fields["allowed-tools"] !== "string") {
    warn(
      "field-type",
      "allowed-tools",
      `has an 'allowed-tools' that is not a string; ${SPEC} asks for tool names separated by spaces`,
    );
  }
  for (const field of Object.keys(fields)) {
    if (KNOWN_FIELDS.has(field)) continue;
    warn(
      "host-specific-field",
      field,
      `has the frontmatter field '${field}', which ${SPEC} does not define; it is host-specific, and only hosts that know it will read it`,
    );
  }
}

function isStringMap(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => typeof entry === "string");
}

/** Characters as the specification counts them: Unicode code points. */
function length(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
