// The raw lines of a SKILL.md's frontmatter block, for checks that judge how
// the block is written (its keys, anchors and tags) rather than what it means.
// The fences are found exactly as readFrontmatter finds them (leadingLines and
// isFence), so both always agree on where the block starts and ends.
import { isFence } from "./frontmatter.js";
import { leadingLines } from "./leading-lines.js";

export type FrontmatterBlock =
  | { kind: "absent"; opener: string }
  | { kind: "unclosed" }
  | { kind: "present"; lines: string[] };

/**
 * The frontmatter block of a SKILL.md text: its lines between the fences
 * (without endings; the block's first line is the file's second), or why
 * there is none, with the first line, which another parser may read as an
 * opener (`---js`).
 */
export function readFrontmatterBlock(text: string): FrontmatterBlock {
  const lines = leadingLines(text, (line, index) => (index === 0 ? !isFence(line) : isFence(line)));
  if (!isFence(lines[0]!)) return { kind: "absent", opener: lines[0]! };
  const end = lines.findIndex((line, index) => index > 0 && isFence(line));
  if (end === -1) return { kind: "unclosed" };
  return { kind: "present", lines: lines.slice(1, end) };
}
