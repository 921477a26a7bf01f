// Agent Skills frontmatter, read in one place for every package: a SKILL.md
// that opens with a `---` line (after an optional UTF-8 BOM) carries a YAML
// block up to the next `---` line. It is parsed with a real YAML library
// under the failsafe schema, so every scalar stays the string it was written
// as (`name: 007` is the id "007", never the number 7). A block of plain
// `key: value` lines, whose meaning is certain, skips the library (see
// plain-fields.ts). Only the block's lines are cut out of the text, never the
// whole body, so a long SKILL.md costs no more than its opening.
import { parse } from "yaml";
import { leadingLines } from "./leading-lines.js";
import { readPlainFields } from "./plain-fields.js";

export type Frontmatter =
  | { kind: "absent" }
  | { kind: "present"; fields: Record<string, unknown> }
  | { kind: "invalid"; reason: string };

/** Whether a line (without its ending) is a `---` fence. */
export const isFence = (line: string): boolean => line.trimEnd() === "---";

/** Reads the frontmatter block that opens a SKILL.md text, if its first line opens one. */
export function readFrontmatter(text: string): Frontmatter {
  // Up to the closing fence, or only the first line when it opens no block.
  const lines = leadingLines(text, (line, index) => (index === 0 ? !isFence(line) : isFence(line)));
  if (!isFence(lines[0]!)) return { kind: "absent" };
  const end = lines.findIndex((line, index) => index > 0 && isFence(line));
  if (end === -1) {
    return { kind: "invalid", reason: "its frontmatter opens with '---' but is never closed" };
  }
  const plain = readPlainFields(lines.slice(1, end));
  if (plain !== undefined) return { kind: "present", fields: plain };
  let value: unknown;
  try {
    value = parse(lines.slice(1, end).join("\n"), { schema: "failsafe" });
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    return { kind: "invalid", reason: `its frontmatter is not valid YAML (${first})` };
  }
  if (value === null || value === undefined) return { kind: "present", fields: {} };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { kind: "invalid", reason: "its frontmatter is not a mapping of fields" };
  }
  return { kind: "present", fields: value as Record<string, unknown> };
}
