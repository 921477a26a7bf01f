// The conformance cases speak the reader's language: every refusal code a
// case expects is one of the contract's `sourceCodes`, and every one of those
// codes is expected by some case, so no code goes untested on any surface.
// The check lives here because the conformance package does not depend on
// the reader (the reader's tests depend on it).
import { cases, type Verdict } from "@skillshelf/conformance";
import { sourceCodes } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";

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
});
