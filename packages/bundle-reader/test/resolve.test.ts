// From entries to skills: root skill, collection, one wrapper level, and the
// refusals of the structure (missing SKILL.md, stray file, no skills).
import { describe, expect, it } from "vitest";
import { readBundle } from "../src/index.js";
import { readBytes, readUploads, refusalOf, shapeOf } from "./support/read.js";
import { tar } from "./support/tar.js";

const text = (paths: string[]): Record<string, string> =>
  Object.fromEntries(paths.map((p) => [p, p.endsWith("SKILL.md") ? "# x\n" : "x\n"]));

describe("from entries to skills", () => {
  it.each<[string, string[], Record<string, string[]>]>([
    [
      "a collection at the root",
      ["a/SKILL.md", "b/SKILL.md", "b/x/y.md"],
      { a: ["SKILL.md"], b: ["SKILL.md", "x/y.md"] },
    ],
    [
      "one wrapper directory around a collection",
      ["w/a/SKILL.md", "w/b/SKILL.md"],
      { a: ["SKILL.md"], b: ["SKILL.md"] },
    ],
    [
      "a wrapper that is itself a skill",
      ["w/SKILL.md", "w/sub/x.md"],
      { w: ["SKILL.md", "sub/x.md"] },
    ],
    ["set-aside files beside skills", ["w/a/SKILL.md", "w/.DS_Store", "._w"], { a: ["SKILL.md"] }],
  ])("reads %s", async (_, paths, shape) => {
    expect(shapeOf(await readUploads(text(paths)))).toEqual(shape);
  });

  it.each<[string, string[], Record<string, unknown>]>([
    [
      "a directory without SKILL.md",
      ["w/a/SKILL.md", "w/b/x.md"],
      { code: "missing-skill-file", path: "w/b", skill: "b" },
    ],
    [
      "two wrapper levels",
      ["o/i/a/SKILL.md"],
      // Only one wrapper is removed; no skill at that level, and the refusal says where it lies.
      { code: "no-skills", path: "o", found: [{ path: "i", count: 1 }] },
    ],
    [
      "a file beside the skills",
      ["w/a/SKILL.md", "w/README.md"],
      { code: "stray-file", path: "w/README.md" },
    ],
    [
      "a file beside skills at the root",
      ["a/SKILL.md", "README.md"],
      { code: "stray-file", path: "README.md" },
    ],
    ["only files, no directories", ["w/README.md"], { code: "no-skills" }],
    ["only set-aside entries", ["w/.DS_Store", "w/.git/HEAD"], { code: "no-skills" }],
    [
      "a directory holding only set-aside files",
      ["w/a/SKILL.md", "w/b/.DS_Store"],
      { code: "missing-skill-file", path: "w/b", skill: "b" },
    ],
    [
      "a root SKILL.md with no name to give it",
      ["SKILL.md"],
      { code: "unnamed-skill", path: "SKILL.md" },
    ],
    [
      "a SKILL.md in lower case",
      ["w/a/skill.md"],
      { code: "missing-skill-file", path: "w/a", skill: "a" },
    ],
  ])("refuses %s", async (_, paths, refusal) => {
    expect(refusalOf(await readUploads(text(paths)))).toEqual(refusal);
  });

  it("refuses nothing at all as no-skills", async () => {
    expect(refusalOf(await readBundle({ kind: "uploads", files: [] }))).toEqual({
      code: "no-skills",
    });
    expect(refusalOf(await readBytes(tar()))).toEqual({ code: "no-skills" });
  });

  it("counts an empty directory in a collection as a skill without SKILL.md", async () => {
    const bytes = tar({ name: "a/SKILL.md", body: "x" }, { name: "empty/", type: "5" });
    expect(refusalOf(await readBytes(bytes))).toMatchObject({
      code: "missing-skill-file",
      skill: "empty",
    });
  });

  it("reports the first problem in path order, whatever the member order", async () => {
    const stray = { name: "w/z.md", body: "x" };
    const missing = { name: "w/a/x.md", body: "x" };
    const first = { code: "missing-skill-file", path: "w/a", skill: "a" };
    expect(refusalOf(await readBytes(tar(stray, missing)))).toEqual(first);
    expect(refusalOf(await readBytes(tar(missing, stray)))).toEqual(first);
  });

  it("sorts skills by name and files by path", async () => {
    const bytes = tar(
      { name: "w/zeta/SKILL.md", body: "x" },
      { name: "w/zeta/b.md", body: "x" },
      { name: "w/zeta/a/c.md", body: "x" },
      { name: "w/alpha/SKILL.md", body: "x" },
    );
    const result = await readBytes(bytes);
    expect(Object.entries(shapeOf(result))).toEqual([
      ["alpha", ["SKILL.md"]],
      ["zeta", ["SKILL.md", "a/c.md", "b.md"]],
    ]);
  });
});
