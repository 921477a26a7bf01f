// Findings over a skill's files as they lie in memory: one pass, no network,
// no disk. A file that holds no watched character (see prefilter.ts) costs a
// native ASCII test or a few native byte searches; only a file that holds one
// is decoded and walked. SKILL.md is also read for HTML comments
// and its frontmatter, whose parse is the reader's (readSkillFrontmatter:
// kept from the read when the file is one the reader handed out, and held to
// the same bounds when it is not). Findings come file by file in path order, each file's
// in text order, so the same bytes always give the same list.

import { decodeText } from "@skillshelf/contract";
import { readFrontmatterBlock } from "../frontmatter-block.js";
import { readSkillFrontmatter } from "../skill-frontmatter.js";
import type { Skill } from "../types.js";
import { hiddenRunsOf } from "./hidden-text.js";
import { htmlCommentsOf } from "./html-comments.js";
import { positionsIn } from "./positions.js";
import { mayHideText, mayHoldComment } from "./prefilter.js";
import { sentenceOf } from "./sentences.js";
import type { Finding, FindingsFile } from "./types.js";

const SKILL_FILE = "SKILL.md";
/** At most this many findings of each severity are kept per file; the last kept one counts the rest. */
export const MAX_FINDINGS_PER_FILE = 100;

/** What findingsOf reads: a skill as the reader returns it, or files of a skill under an optional name. */
export type FindingsInput = Skill | { name?: string; files: readonly FindingsFile[] };
type Raw = Omit<Finding, "message" | "path" | "skill">;

// Decoded as the reader decodes (a byte order mark kept), so bytes and text give the same findings.
const textOf = (file: FindingsFile): string =>
  "text" in file ? file.text : decodeText(file.bytes);
const encoder = new TextEncoder();
const bytesOf = (file: FindingsFile): Uint8Array =>
  "bytes" in file ? file.bytes : encoder.encode(file.text);

/** The findings of a skill's files (SKILL.md at the skill's root is read for comments and frontmatter too). */
export function findingsOf(skill: FindingsInput): Finding[] {
  // The reader returns a skill's files in path order already; checking that costs a tenth of sorting.
  const files = inPathOrder(skill.files) ? skill.files : [...skill.files].sort(byPath);
  const findings: Finding[] = [];
  for (const file of files) {
    const raw = rawFindingsOf(file);
    for (const one of capped(raw)) {
      const located = {
        ...one,
        ...(skill.name === undefined ? {} : { skill: skill.name }),
        path: file.path,
      };
      findings.push({ ...located, message: sentenceOf(located) });
    }
  }
  return findings;
}

const byPath = (a: FindingsFile, b: FindingsFile): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

function inPathOrder(files: readonly FindingsFile[]): boolean {
  for (let i = 1; i < files.length; i += 1) if (byPath(files[i - 1]!, files[i]!) > 0) return false;
  return true;
}

function rawFindingsOf(file: FindingsFile): Raw[] {
  const isSkillFile = file.path === SKILL_FILE;
  // A Skill's file decodes its text lazily: the bytes are read first, so a clean file never makes a string.
  const bytes = bytesOf(file);
  const hides = mayHideText(bytes);
  const comments = isSkillFile && mayHoldComment(bytes);
  if (!hides && !comments && !isSkillFile) return [];
  const text = textOf(file);
  const raw: Raw[] = [];
  if (hides) {
    for (const run of hiddenRunsOf(text, isSkillFile)) {
      raw.push({
        code: "hidden-text",
        severity: run.severity,
        line: run.line,
        column: run.column,
        detail: run.detail,
      });
    }
  }
  if (isSkillFile) {
    const frontmatter = readSkillFrontmatter(file, () => text, bytes.length);
    if (frontmatter.kind === "read") raw.push(...frontmatter.findings);
    if (comments) {
      const positionOf = positionsIn(text);
      for (const comment of htmlCommentsOf(text, bodyOffset(text))) {
        raw.push({
          code: "html-comment",
          severity: "warn",
          ...positionOf(comment.offset),
          detail: comment.detail,
        });
      }
    }
  }
  return raw.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The offset where the Markdown body starts: past the frontmatter block and its fences. */
function bodyOffset(text: string): number {
  const block = readFrontmatterBlock(text);
  if (block.kind !== "present") return 0;
  let offset = 0;
  for (let lines = block.lines.length + 2; lines > 0 && offset !== -1; lines -= 1) {
    const newline = text.indexOf("\n", offset);
    offset = newline === -1 ? text.length : newline + 1;
  }
  return offset;
}

/** At most MAX_FINDINGS_PER_FILE of each severity, the last one saying how many more there were. */
function capped(raw: Raw[]): Raw[] {
  if (raw.length <= MAX_FINDINGS_PER_FILE) return raw;
  const kept: Raw[] = [];
  const counts = { refuse: 0, warn: 0 };
  const last: Partial<Record<"refuse" | "warn", Raw>> = {};
  for (const one of raw) {
    counts[one.severity] += 1;
    if (counts[one.severity] <= MAX_FINDINGS_PER_FILE) {
      kept.push(one);
      last[one.severity] = one;
    }
  }
  for (const severity of ["refuse", "warn"] as const) {
    const more = counts[severity] - MAX_FINDINGS_PER_FILE;
    const one = last[severity];
    if (more > 0 && one !== undefined)
      one.detail = `${one.detail} (and ${more} more like it in this file)`;
  }
  return kept;
}
