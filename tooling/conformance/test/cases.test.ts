// The case table itself: enough cases, unique names, every unsafe-path
// reason covered, every case runnable in at least one form, and each code
// reached in each form that can express it. That the codes are the reader's
// own, and that every one of them is covered, is checked beside the reader
// (packages/bundle-reader/test/conformance-codes.test.ts).
import { describe, expect, it } from "vitest";
import { type Case, cases, type EntryKind, formsOf } from "../src/index.js";

const codesOf = (c: Case): string[] =>
  [c.verdict, c.unnamed].flatMap((v) => (v === undefined || v.ok ? [] : [v.code]));

describe("cases", () => {
  it("has at least 60 cases with unique names", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it("runs every case in at least one form", () => {
    expect(cases.filter((c) => formsOf(c).length === 0).map((c) => c.name)).toEqual([]);
  });

  it("covers every unsafe-path reason", () => {
    const reasons = new Set(cases.flatMap((c) => (c.verdict.ok ? [] : [c.verdict.why])));
    for (const why of [
      "absolute",
      "drive-prefix",
      "traversal",
      "backslash",
      "control-character",
      "empty-segment",
      "dot-segment",
      "not-utf8",
      "segment-too-long",
      "path-too-long",
      "reserved-name",
      "trailing-dot-or-space",
    ] as const) {
      expect(reasons.has(why), why).toBe(true);
    }
  });

  it("covers every entry kind", () => {
    const kinds = new Set(cases.flatMap((c) => c.entries.map((e) => e.kind ?? "file")));
    const all: EntryKind[] = [
      "file",
      "dir",
      "symlink",
      "hardlink",
      "fifo",
      "chardev",
      "blockdev",
      "contiguous",
      "sparse",
      "vendor",
      "unknown",
    ];
    expect(all.filter((k) => !kinds.has(k))).toEqual([]);
  });

  it("reaches each code in the forms that can hold it", () => {
    const reach = (code: string) =>
      [...new Set(cases.filter((c) => codesOf(c).includes(code)).flatMap(formsOf))].sort();
    expect(reach("unsafe-path")).toEqual(["folder", "tar", "tgz", "uploads", "zip"]);
    expect(reach("link")).toEqual(["folder", "tar", "tgz", "zip"]);
    expect(reach("not-regular-file")).toEqual(["folder", "tar", "tgz", "zip"]);
    expect(reach("duplicate-path")).toEqual(["folder", "tar", "tgz", "uploads", "zip"]);
    expect(reach("file-and-directory")).toEqual(["tar", "tgz", "uploads", "zip"]);
    expect(reach("too-many-entries")).toEqual(["folder", "tar", "tgz", "uploads", "zip"]);
    expect(reach("too-large")).toEqual(["folder", "tar", "tgz", "uploads", "zip"]);
    expect(reach("not-utf8")).toEqual(["folder", "tar", "tgz", "uploads", "zip"]);
    expect(reach("corrupt-archive")).toEqual(["tar", "tgz", "zip"]);
    expect(reach("not-an-archive")).toEqual(["tar", "tgz", "zip"]);
    expect(reach("unsupported-entry")).toEqual(["zip"]);
    expect(reach("unreadable-source")).toEqual(["folder"]);
  });
});
