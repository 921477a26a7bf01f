// Every path rule through a read (the rule itself is @skillshelf/contract's
// checkPath, tested there): the reason given for each unsafe path, and names
// that fold together.

import type { UnsafePathReason } from "@skillshelf/contract";
import { UNSAFE_PATHS, type UnsafePathCase } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { readBundle } from "../src/index.js";
import { nameKeys } from "../src/name-keys.js";
import { readUploads, refusalOf, shapeOf } from "./support/read.js";

const unsafe = UNSAFE_PATHS as readonly (UnsafePathCase & { why: UnsafePathReason })[];

describe("nameKeys", () => {
  const same = (a: string, b: string): boolean => {
    const [x, y] = [nameKeys(a), nameKeys(b)];
    return x.fold === y.fold || x.upper === y.upper;
  };

  it.each([
    ["case", "Skill/A.md", "skill/a.md"],
    ["NFC and NFD", "caf\u00e9", "cafe\u0301"],
    ["sharp s, by full case folding", "stra\u00dfe", "STRASSE"],
    ["capital sharp s, by full case folding", "STRA\u1e9eE.md", "strasse.md"],
    ["Kelvin sign", "\u212a", "k"],
    ["i and dotless i, by simple uppercase", "i.md", "\u0131.md"],
    [
      "final and medial sigma",
      "\u03c3\u03bf\u03c6\u03b9\u03b1",
      "\u03c3\u03bf\u03c6\u03b9\u03b1".toUpperCase(),
    ],
    ["a Cherokee letter and its small form", "\u13a0", "\uab70"],
  ])("holds %s as one name", (_, a, b) => {
    expect(same(a, b)).toBe(true);
  });

  it.each([
    ["different names", "a.md", "b.md"],
    ["i and dotted capital I", "i.md", "\u0130.md"],
    ["a letter and its accented form", "e.md", "\u00e9.md"],
  ])("keeps %s apart", (_, a, b) => {
    expect(same(a, b)).toBe(false);
  });
});

describe("paths through a read", () => {
  it.each(unsafe.filter((c) => c.path !== ""))(
    "refuses an upload with $name, naming it",
    async ({ path, why }) => {
      const refusal = refusalOf(await readUploads({ "b/s/SKILL.md": "# s\n", [path]: "x" }));
      expect(refusal).toEqual({ code: "unsafe-path", path, why });
    },
  );

  it("accepts a leading ./ on every upload", async () => {
    const result = await readUploads({ "./b/s/SKILL.md": "# s\n", "./b/s/x.md": "x" });
    expect(shapeOf(result)).toEqual({ s: ["SKILL.md", "x.md"] });
  });

  it.each([
    ["the same path twice", ["b/s/SKILL.md", "b/s/x.md", "b/s/x.md"], "b/s/x.md", "b/s/x.md"],
    ["names that differ in case", ["b/s/SKILL.md", "b/s/X.md", "b/s/x.md"], "b/s/x.md", "b/s/X.md"],
    [
      "names in NFC and NFD",
      ["b/s/SKILL.md", "b/s/\u00e9.md", "b/s/e\u0301.md"],
      // In path order, e + U+0301 (0x65 ...) comes before U+00E9 (0xC3 0xA9).
      "b/s/\u00e9.md",
      "b/s/e\u0301.md",
    ],
    ["directories that differ in case", ["b/S/SKILL.md", "b/s/SKILL.md"], "b/s/SKILL.md", "b/S"],
  ])("refuses %s as duplicate-path", async (_, paths, path, other) => {
    const files = paths.map((p) => ({ path: p, bytes: Buffer.from("x") }));
    const refusal = refusalOf(await readBundle({ kind: "uploads", files }));
    expect(refusal).toEqual({ code: "duplicate-path", path, other });
  });

  it("judges an upload path given as bytes: UTF-8 passes, anything else is not-utf8", async () => {
    const skill = { path: Buffer.from("b/s/SKILL.md"), bytes: Buffer.from("# s\n") };
    const accented = { path: Buffer.from("b/s/caf\u00e9.md"), bytes: Buffer.from("x") };
    expect(shapeOf(await readBundle({ kind: "uploads", files: [skill, accented] }))).toEqual({
      s: ["SKILL.md", "caf\u00e9.md"],
    });
    const latin1 = { path: Buffer.from("b/s/caf\u00e9.md", "latin1"), bytes: Buffer.from("x") };
    const refusal = refusalOf(await readBundle({ kind: "uploads", files: [skill, latin1] }));
    expect(refusal).toMatchObject({ code: "unsafe-path", why: "not-utf8" });
  });

  it("refuses a file that other files lie below as file-and-directory", async () => {
    const refusal = refusalOf(
      await readUploads({ "b/s/SKILL.md": "# s\n", "b/s/x": "x", "b/s/x/y.md": "y" }),
    );
    expect(refusal).toEqual({ code: "file-and-directory", path: "b/s/x/y.md", other: "b/s/x" });
  });
});
