// Where a SKILL.md's frontmatter block is: the one place the fences are
// found, for readFrontmatter (what the block means) and the findings (how it
// is written: its keys, anchors and tags). Only the text's first
// MAX_FRONTMATTER_BYTES (and room for a BOM and the two fence lines) are
// looked at, so finding the block costs no more than the bound, however long
// the body.
import { MAX_FRONTMATTER_BYTES } from "./frontmatter-bounds.js";
import { leadingLines } from "./leading-lines.js";

export type FrontmatterBlock =
  | { kind: "absent"; opener: string }
  /** `truncated`: no closing fence within the window, though the text goes on past it. */
  | { kind: "unclosed"; truncated: boolean }
  | { kind: "present"; lines: string[] };

/** Whether a line (without its ending) is a `---` fence. */
export const isFence = (line: string): boolean => line.trimEnd() === "---";

/** The most characters of a text looked at for its frontmatter. */
export const FRONTMATTER_WINDOW: number = MAX_FRONTMATTER_BYTES + 1_024;

/**
 * The frontmatter block of a SKILL.md text: its lines between the fences
 * (without endings; the block's first line is the file's second), or why
 * there is none, with the first line, which another parser may read as an
 * opener (`---js`).
 */
export function readFrontmatterBlock(text: string): FrontmatterBlock {
  const window = text.length > FRONTMATTER_WINDOW ? text.slice(0, FRONTMATTER_WINDOW) : text;
  // Up to the closing fence, or only the first line when it opens no block.
  const lines = leadingLines(window, (line, index) =>
    index === 0 ? !isFence(line) : isFence(line),
  );
  if (!isFence(lines[0]!)) return { kind: "absent", opener: lines[0]! };
  const end = lines.findIndex((line, index) => index > 0 && isFence(line));
  if (end === -1) return { kind: "unclosed", truncated: window.length < text.length };
  return { kind: "present", lines: lines.slice(1, end) };
}
