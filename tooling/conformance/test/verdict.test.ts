// Verdicts are compared on what a case states: a surface's extra fields are
// dropped, missing ones fail; uploads expect no executable files, and an
// unnamed archive expects the case's unnamed verdict.
import { describe, expect, it } from "vitest";
import {
  type Case,
  expectedVerdict,
  findingLine,
  projectVerdict,
  verdictOf,
} from "../src/index.js";

describe("verdictOf", () => {
  it("sorts skills and files and lists executable files and byte counts", () => {
    const v = verdictOf({
      ok: true,
      skills: [
        {
          name: "b",
          files: [
            { path: "z.sh", bytes: Buffer.from("é"), executable: true },
            { path: "SKILL.md", bytes: Buffer.from(""), executable: false },
          ],
        },
        {
          name: "a",
          files: [{ path: "SKILL.md", bytes: Buffer.from("x"), executable: false }],
        },
      ],
      warnings: [],
    });
    expect(v).toEqual({
      ok: true,
      skills: [
        { name: "a", files: ["SKILL.md"], executable: [], bytes: { "SKILL.md": 1 } },
        {
          name: "b",
          files: ["SKILL.md", "z.sh"],
          executable: ["z.sh"],
          bytes: { "SKILL.md": 0, "z.sh": 2 },
        },
      ],
      warnings: [],
    });
  });

  it("keeps a refusal's code, path and why", () => {
    const v = verdictOf({
      ok: false,
      refusal: { code: "unsafe-path", path: "b/../x", why: "traversal", detail: "d" },
    });
    expect(v).toEqual({ ok: false, code: "unsafe-path", path: "b/../x", why: "traversal" });
  });
});

describe("projectVerdict", () => {
  it("drops fields the expected verdict does not state", () => {
    const actual = verdictOf({ ok: false, refusal: { code: "link", path: "b/l" } });
    expect(projectVerdict(actual, { ok: false, code: "link" })).toEqual({
      ok: false,
      code: "link",
    });
  });

  it("keeps stated fields, so a missing path fails", () => {
    const projected = projectVerdict(
      { ok: false, code: "link" },
      { ok: false, code: "link", path: "b/l" },
    );
    expect(projected).not.toEqual({ ok: false, code: "link", path: "b/l" });
  });
});

describe("expectedVerdict", () => {
  const c: Case = {
    name: "x",
    entries: [],
    verdict: {
      ok: true,
      skills: [{ name: "s", files: ["SKILL.md", "r.sh"], executable: ["r.sh"] }],
    },
    unnamed: { ok: false, code: "unnamed-skill" },
  };
  it("expects no executable files from uploads", () => {
    expect(expectedVerdict(c, "uploads", true)).toEqual({
      ok: true,
      skills: [{ name: "s", files: ["SKILL.md", "r.sh"], executable: [] }],
    });
  });
  it("expects the unnamed verdict from an unnamed archive only", () => {
    expect(expectedVerdict(c, "tgz", false)).toEqual({ ok: false, code: "unnamed-skill" });
    expect(expectedVerdict(c, "folder", false)).toEqual(c.verdict);
  });
});

describe("findings", () => {
  const read = {
    ok: true as const,
    skills: [
      { name: "s", files: [{ path: "SKILL.md", bytes: Buffer.from("x"), executable: false }] },
    ],
  };
  const found = {
    code: "html-comment",
    severity: "warn",
    skill: "s",
    path: "SKILL.md",
    line: 7,
    column: 22,
    detail: "d",
    message: "m",
  };
  const expected: Case["verdict"] = {
    ok: true,
    skills: [{ name: "s", files: ["SKILL.md"] }],
    findings: ["html-comment warn s SKILL.md:7:22"],
  };

  it("states a finding by code, severity, skill, file, line and column", () => {
    expect(findingLine(found)).toBe("html-comment warn s SKILL.md:7:22");
    expect(verdictOf({ ...read, findings: [found] })).toMatchObject({
      findings: ["html-comment warn s SKILL.md:7:22"],
    });
  });

  it("holds a surface that reports no findings to the ones a case states", () => {
    expect(projectVerdict(verdictOf(read), expected)).not.toEqual(expected);
    expect(projectVerdict(verdictOf({ ...read, findings: [] }), expected)).not.toEqual(expected);
    expect(projectVerdict(verdictOf({ ...read, findings: [found] }), expected)).toEqual(expected);
  });

  it("does not compare findings a case leaves unstated", () => {
    const { findings: _, ...unstated } = expected;
    expect(projectVerdict(verdictOf({ ...read, findings: [found] }), unstated)).toEqual(unstated);
  });

  it("expects findings only of a surface that judges them", () => {
    const c: Case = { name: "x", entries: [], verdict: expected };
    expect(expectedVerdict(c, "tar", true, "import")).toEqual(expected);
    expect(expectedVerdict(c, "tar", true, "read")).toEqual({
      ok: true,
      skills: [{ name: "s", files: ["SKILL.md"] }],
    });
  });

  it("holds a hidden-content refusal to the findings it states, and a bare read to none", () => {
    const refusal = { code: "hidden-content", path: "SKILL.md" };
    const stated: Case["verdict"] = {
      ok: false,
      code: "hidden-content",
      findings: ["html-comment warn s SKILL.md:7:22"],
    };
    const answered = verdictOf({ ok: false, refusal, findings: [found] });
    expect(projectVerdict(answered, stated)).toEqual(stated);
    expect(projectVerdict(verdictOf({ ok: false, refusal }), stated)).not.toEqual(stated);
    const c: Case = { name: "x", entries: [], verdict: stated };
    expect(expectedVerdict(c, "zip", true, "read")).toEqual({ ok: false, code: "hidden-content" });
  });
});
