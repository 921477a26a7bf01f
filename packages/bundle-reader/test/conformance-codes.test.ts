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

const expected = new Set(cases.flatMap((c) => codesOf([c.verdict, c.unnamed])));
// Refused by an import over the findings of what was read (acceptFindings),
// not by readBundle itself, so no reader case can expect it.
const afterReading = new Set<string>(["hidden-content"]);

describe("conformance codes", () => {
  it("names only codes the reader defines", () => {
    const known = new Set<string>(sourceCodes);
    expect([...expected].filter((code) => !known.has(code))).toEqual([]);
  });

  it("covers every source refusal code", () => {
    expect(sourceCodes.filter((code) => !expected.has(code) && !afterReading.has(code))).toEqual(
      [],
    );
  });
});
