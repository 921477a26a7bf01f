// Which skills of a collection a refusal names: only where a skip leaves
// others to import and the code's sentence can name a skip, and then worded
// by each surface, with the count each code counts.
import { describe, expect, it } from "vitest";
import { concerning, countBySkill, message, type Refusal } from "../src/index.js";

const identity: Refusal = { code: "identity-mismatch", skill: "notes", other: "memo" };

describe("concerning", () => {
  it("names the skills at fault when others are left to import", () => {
    const named = concerning(identity, [{ skill: "notes", count: 1 }], 3);
    expect(named).toEqual({ ...identity, concerns: [{ skill: "notes", count: 1 }] });
    expect(message(named, "cli")).toMatch(
      /; the skill at fault is 'notes': import the others with --skip notes\.$/,
    );
    expect(message(named, "http")).toMatch(/import the others with skip=notes\.$/);
    expect(message(named, "console")).toMatch(
      /; the skill at fault is 'notes': leave it unticked in the chooser and import the others\.$/,
    );
  });

  it("names none for a lone skill, or when every skill is at fault", () => {
    expect(concerning(identity, [{ skill: "notes", count: 1 }], 1)).toBe(identity);
    const both = [
      { skill: "notes", count: 1 },
      { skill: "memo", count: 2 },
    ];
    expect(concerning(identity, both, 2)).toBe(identity);
    expect(concerning(identity, [], 5)).toBe(identity);
    expect(message(identity, "cli")).not.toContain("--skip");
  });

  it("names none for a code whose sentence no skip answers", () => {
    const clash: Refusal = { code: "already-defined", skill: "pdf", origin: "managed" };
    expect(concerning(clash, [{ skill: "pdf", count: 1 }], 4)).toBe(clash);
  });

  it("counts files, findings or warnings by code, and nothing for a skill refused whole", () => {
    const concerns = [
      { skill: "beta", count: 2 },
      { skill: "gamma", count: 1 },
    ];
    const worded = (r: Refusal): string => message(concerning(r, concerns, 3), "cli");
    expect(worded({ code: "not-utf8", path: "beta/a.ttf" })).toContain(
      "the skills at fault are beta (2 files), gamma (1): import the others with --skip beta --skip gamma.",
    );
    expect(worded({ code: "hidden-content", skill: "beta", detail: "Hidden." })).toContain(
      "Hidden; the skills at fault are beta (2 findings), gamma (1):",
    );
    expect(worded({ code: "spec-violation", skill: "beta", detail: "No description." })).toContain(
      "the skills at fault are beta (2 warnings), gamma (1):",
    );
    expect(worded({ code: "invalid-id", skill: "beta" })).toContain(
      "the skills at fault are 'beta', 'gamma': import the others",
    );
    expect(message(concerning(identity, concerns, 3), "console")).toContain(
      "leave them unticked in the chooser",
    );
  });

  it("counts by skill in the order the skills are first met, leaving out what lies in none", () => {
    expect(countBySkill(["b", undefined, "a", "b"])).toEqual([
      { skill: "b", count: 2 },
      { skill: "a", count: 1 },
    ]);
  });
});
