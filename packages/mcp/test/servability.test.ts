// Which skills the Skills extension can carry: frontmatter with `name`
// equal to the id and a `description`, or the skill is not listed
// (`mcp-unservable`); over 512 files or 16 MiB it is served with a warning
// (`mcp-over-limits`).
import { describe, expect, it } from "vitest";
import { isServable, mcpServability, type ServedSkill } from "../src/index.js";

const file = (path: string, size = 10) => ({
  path,
  size,
  sha256: "0".repeat(64),
  executable: false,
});

const skill = (
  frontmatter: ServedSkill["frontmatter"],
  files = [file("SKILL.md")],
): ServedSkill => ({
  id: "pdf-tools",
  frontmatter,
  treeDigest: "0".repeat(64),
  files,
});

describe("mcpServability", () => {
  it.each([
    ["name and description", { name: "pdf-tools", description: "Fill forms" }, []],
    ["no frontmatter", undefined, ["mcp-unservable"]],
    ["no name", { description: "Fill forms" }, ["mcp-unservable"]],
    ["another name", { name: "other", description: "Fill forms" }, ["mcp-unservable"]],
    ["no description", { name: "pdf-tools" }, ["mcp-unservable"]],
    ["a blank description", { name: "pdf-tools", description: "  " }, ["mcp-unservable"]],
    [
      "a description that is not text",
      { name: "pdf-tools", description: ["a"] },
      ["mcp-unservable"],
    ],
  ])("%s: %j", (_case, frontmatter, codes) => {
    const served = skill(frontmatter);
    expect(mcpServability(served).map((w) => w.code)).toEqual(codes);
    expect(isServable(served)).toBe(codes.length === 0);
  });

  it.each([
    ["512 files", 512, 10, []],
    ["513 files", 513, 10, ["mcp-over-limits"]],
    ["16 MiB exactly", 2, 8_388_608, []],
    ["one byte over 16 MiB", 1, 16_777_217, ["mcp-over-limits"]],
  ])("%s", (_case, count, size, codes) => {
    const files = Array.from({ length: count }, (_, i) =>
      file(i === 0 ? "SKILL.md" : `f${i}.md`, size),
    );
    const served = skill({ name: "pdf-tools", description: "Fill forms" }, files);
    expect(mcpServability(served).map((w) => w.code)).toEqual(codes);
    expect(isServable(served)).toBe(true);
  });

  it("says what to add", () => {
    expect(mcpServability(skill(undefined))[0]!.reason).toBe(
      "The skill 'pdf-tools' is not served over MCP: its SKILL.md frontmatter is absent; add a frontmatter block with 'name: pdf-tools' and a 'description'.",
    );
  });
});
