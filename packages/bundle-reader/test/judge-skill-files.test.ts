// The reader's rules offered to the destination: the same codes and reasons
// the reader gives a bundle, for files of a skill built by hand.
import { describe, expect, it } from "vitest";
import { judgeSkillFiles, judgeSkillPaths, skillFileOf } from "../src/index.js";

const file = (path: string, text = "x\n"): { path: string; bytes: Uint8Array } => ({
  path,
  bytes: Buffer.from(text),
});

describe("judgeSkillFiles", () => {
  it("passes a plain skill", () => {
    expect(judgeSkillFiles("s", [file("SKILL.md"), file("scripts/run.sh")])).toBeUndefined();
  });

  it.each([
    ["CON", "reserved-name"],
    ["notes.md:hidden", "drive-prefix"],
    ["../x.md", "traversal"],
    ["/etc/passwd", "absolute"],
    ["a\\b.md", "backslash"],
    ["a//b.md", "empty-segment"],
    ["dir/", "empty-segment"],
    ["x. ", "trailing-dot-or-space"],
  ])("refuses %s as unsafe-path (%s)", (path, why) => {
    expect(judgeSkillFiles("s", [file("SKILL.md"), file(path)])).toEqual({
      code: "unsafe-path",
      path,
      why,
      skill: "s",
    });
  });

  it("refuses two names one file system stores as one", () => {
    expect(judgeSkillFiles("s", [file("SKILL.md"), file("skill.md")])).toEqual({
      code: "duplicate-path",
      path: "skill.md",
      other: "SKILL.md",
      skill: "s",
    });
    expect(judgeSkillFiles("s", [file("a.md"), file("a.md")])).toMatchObject({
      code: "duplicate-path",
    });
  });

  it("refuses a path that is both a file and a directory, in either order", () => {
    expect(judgeSkillFiles("s", [file("a"), file("a/b.md")])).toMatchObject({
      code: "file-and-directory",
      path: "a/b.md",
      skill: "s",
    });
    expect(judgeSkillFiles("s", [file("a/b.md"), file("a")])).toMatchObject({
      code: "file-and-directory",
      path: "a",
    });
  });

  it("refuses bytes that are not UTF-8, after every path has passed", () => {
    const binary = { path: "logo.png", bytes: Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0xff) };
    expect(judgeSkillFiles("s", [file("SKILL.md"), binary])).toEqual({
      code: "not-utf8",
      path: "logo.png",
      skill: "s",
    });
    expect(judgeSkillFiles("s", [binary, file("CON")])).toMatchObject({ code: "unsafe-path" });
  });
});

describe("skillFileOf", () => {
  it("decodes the text once, on first use, a byte order mark kept", () => {
    const bytes = Buffer.from("\ufeffhé\n");
    const made = skillFileOf("a.md", bytes, true);
    expect(made).toMatchObject({ path: "a.md", executable: true });
    expect(made.bytes).toBe(bytes);
    expect(made.text).toBe("\ufeffhé\n");
    expect(made.text).toBe(made.text);
  });
});

describe("judgeSkillPaths", () => {
  it("applies the path rules alone, in the order given, and never looks at content", () => {
    expect(judgeSkillPaths("s", ["SKILL.md", "images/logo.png"])).toBeUndefined();
    expect(judgeSkillPaths("s", ["SKILL.md", "../x"])).toMatchObject({
      code: "unsafe-path",
      path: "../x",
      skill: "s",
    });
    expect(judgeSkillPaths("s", ["SKILL.md", "skill.md"])).toMatchObject({
      code: "duplicate-path",
      skill: "s",
    });
    expect(judgeSkillPaths("s", ["a/b.md", "a"])).toMatchObject({ code: "file-and-directory" });
  });
});
