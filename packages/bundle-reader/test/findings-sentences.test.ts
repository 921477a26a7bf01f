// The findings' one table of sentences: every code has one, each names the
// place as path:line:column and ends as a sentence, and only a refusing
// finding tells the operator that its code can be accepted.
import { describe, expect, it } from "vitest";
import { findingCodes, findingSentences } from "../src/index.js";

describe("finding sentences", () => {
  it.each(findingCodes)("words %s as one sentence naming the place", (code) => {
    const place = { code, path: "SKILL.md", line: 12, column: 5, detail: "something" } as const;
    const warning = findingSentences[code]({ ...place, severity: "warn" });
    const refusal = findingSentences[code]({ ...place, severity: "refuse" });
    expect(warning).toMatch(/^SKILL\.md:12:5[: ].*something.*\.$/);
    expect(warning).not.toMatch(/accept/);
    if (code === "hidden-text" || code === "frontmatter-code" || code === "ambiguous-frontmatter")
      expect(refusal).toMatch(new RegExp(`or accept ${code} for this import if it is meant\\.$`));
  });

  it("has a sentence for every code and no other", () => {
    expect(Object.keys(findingSentences).sort()).toEqual([...findingCodes].sort());
  });
});
