// The small rules under the verifier, each against the behaviour it copies:
// the statement's exact bytes, OpenSSH's pattern lists and its timestamps.
import { describe, expect, it } from "vitest";
import { treeStatement } from "../src/index.js";
import { matchPatternList } from "../src/patterns.js";
import { parseSshTime } from "../src/times.js";

describe("treeStatement", () => {
  const digest = "ab".repeat(32);

  it("is one line: the format, the id and the digest", () => {
    expect(treeStatement("greet", digest)).toBe(`skillshelf-tree-v1 greet ${digest}\n`);
  });

  it.each([
    { id: "greet", treeDigest: "AB".repeat(32) },
    { id: "greet", treeDigest: "ab".repeat(31) },
    { id: "", treeDigest: digest },
    { id: "gre et", treeDigest: digest },
    { id: "greet\n", treeDigest: digest },
  ])("throws a TypeError for id '$id' and digest '$treeDigest'", ({ id, treeDigest }) => {
    expect(() => treeStatement(id, treeDigest)).toThrow(TypeError);
  });
});

describe("matchPatternList", () => {
  it.each([
    ["alice@example.com", "alice@example.com", true],
    ["alice@example.com", "*@example.com", true],
    ["alice@example.com", "bob@example.com,*@example.com", true],
    ["alice@example.com", "*@example.org", false],
    ["alice@example.com", "*@example.com,!alice@example.com", false],
    ["alice@example.com", "!bob@example.com", false],
    ["alice@example.com", "Alice@example.com", false],
    ["skillshelf", "skill?helf", true],
    ["skillshelf", "s*s*f", true],
    ["skillshelf", "s*s*g", false],
    ["a".repeat(40), `${"*a".repeat(20)}b`, false],
  ])("'%s' against '%s' is %s", (text, list, expected) => {
    expect(matchPatternList(text, list)).toBe(expected);
  });
});

describe("parseSshTime", () => {
  it.each([
    ["20260101Z", new Date("2026-01-01T00:00:00Z")],
    ["202601011230Z", new Date("2026-01-01T12:30:00Z")],
    ["20260101123045Z", new Date("2026-01-01T12:30:45Z")],
    ["20260101", new Date(2026, 0, 1)],
    ["20260229", null],
    ["20261301Z", null],
    ["2026010112Z", null],
    ["20260101T1230", null],
    ["", null],
  ])("%s", (text, expected) => {
    expect(parseSshTime(text)).toEqual(expected);
  });
});
