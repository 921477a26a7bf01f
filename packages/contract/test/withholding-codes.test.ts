// The codes that withhold a whole skill are codes of the one table, and
// nothing else (a file's refusal, an unknown string) reads as one.
import { expect, it } from "vitest";
import { isWithholdingCode, message, withholdingCodes } from "../src/index.js";

it("withholds a whole skill only by the gate's and the signature policy's codes", () => {
  for (const code of withholdingCodes) {
    expect(isWithholdingCode(code)).toBe(true);
    expect(message({ code, skill: "pdf" } as Parameters<typeof message>[0])).toContain("pdf");
  }
  for (const code of [
    "changed-file",
    "unknown-file",
    "digest-mismatch",
    "internal",
    "",
    "drifted ",
  ])
    expect(isWithholdingCode(code)).toBe(false);
});
