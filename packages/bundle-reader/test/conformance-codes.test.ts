// The conformance cases speak the reader's language: every refusal code a
// case expects is one of the contract's `sourceCodes`, and every one of those
// codes is expected by some case, so no code goes untested on any surface.
// The check lives here because the conformance package does not depend on
// the reader (the reader's tests depend on it).
import { cases, type Verdict } from "@skillshelf/conformance";
import { sourceCodes } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { findingCodes } from "../src/index.js";

const codesOf = (verdicts: (Verdict | undefined)[]): string[] =>
  verdicts.flatMap((v) => (v === undefined || v.ok ? [] : [v.code]));

const expected = new Set(cases.flatMap((c) => codesOf([c.verdict, c.unnamed, c.read])));

describe("conformance codes", () => {
  it("names only codes the reader defines", () => {
    const known = new Set<string>(sourceCodes);
    expect([...expected].filter((code) => !known.has(code))).toEqual([]);
  });

  it("covers every source refusal code", () => {
    expect(sourceCodes.filter((code) => !expected.has(code))).toEqual([]);
  });

  // hidden-content is an import's verdict on the findings of what was read:
  // a bare read (a `read` verdict) of the same bundle accepts it.
  it("gives every case refused for hidden content a bare read's verdict", () => {
    const hidden = cases.filter((c) => !c.verdict.ok && c.verdict.code === "hidden-content");
    expect(hidden.length).toBeGreaterThan(0);
    for (const c of hidden) expect(c.read?.ok, c.name).toBe(true);
  });

  // A stated finding reads "code severity skill path:line:column"; its code and
  // severity are the findings module's, and every warning code is stated by some case.
  it("states findings with the codes and severities the reader defines", () => {
    const stated = cases.flatMap((c) => c.verdict.findings ?? []);
    const known = new Set<string>(findingCodes);
    const parts = stated.map((line) => line.split(" "));
    expect(parts.filter((p) => p.length !== 4 || !known.has(p[0]!))).toEqual([]);
    expect(parts.filter((p) => p[1] !== "warn" && p[1] !== "refuse")).toEqual([]);
    expect(parts.filter((p) => !/^.+:\d+:\d+$/.test(p[3]!))).toEqual([]);
    const warned = new Set(parts.filter((p) => p[1] === "warn").map((p) => p[0]));
    expect(
      ["hidden-text", "html-comment", "frontmatter-grants", "ambiguous-frontmatter"].filter(
        (code) => !warned.has(code),
      ),
    ).toEqual([]);
  });
});
