// The one refusal table: a sentence for every code that names what it is
// given, and the HTTP status and exit code each surface uses.
import { describe, expect, it } from "vitest";
import {
  type DestinationRefusal,
  exitCode,
  httpStatus,
  isRefusal,
  message,
  type Refusal,
  type RefusalCode,
  refusalTable,
  sourceCodes,
  toRefusal,
} from "../src/index.js";

const codes = Object.keys(refusalTable) as RefusalCode[];
const asRefusal = (fields: Record<string, unknown>): Refusal | DestinationRefusal =>
  fields as unknown as Refusal | DestinationRefusal;

describe("message", () => {
  it.each(codes)("answers %s with one sentence", (code) => {
    const sentence = message(asRefusal({ code }));
    expect(sentence.length).toBeGreaterThan(20);
    expect(sentence).toMatch(/^[A-Z].*\.$/);
    expect(sentence).not.toMatch(/undefined|\[object/);
  });

  it.each(codes)("names the path or skill of %s when the refusal carries them", (code) => {
    const withPath = message(asRefusal({ code, path: "bundle/s/notes.md" }));
    const withSkill = message(asRefusal({ code, skill: "pdf-tools" }));
    expect(withPath.includes("bundle/s/notes.md") || withSkill.includes("pdf-tools")).toBe(true);
  });

  it.each([
    [{ code: "unsafe-path", path: "../x", why: "traversal" }, /'\.\.\/x'.*climbs out/],
    [{ code: "duplicate-path", path: "b/a.md", other: "b/A.md" }, /'b\/a\.md'.*'b\/A\.md'/],
    [{ code: "too-large", limit: 64 * 1024 * 1024 }, /64 MiB/],
    [{ code: "too-many-entries", limit: 10_000 }, /10,000/],
    [{ code: "not-utf8", path: "b/s/logo.png" }, /'b\/s\/logo\.png'.*UTF-8/],
    [{ code: "missing-skill-file", path: "b/notes", skill: "notes" }, /'notes'.*SKILL\.md/],
    [{ code: "corrupt-archive", detail: "it is truncated" }, /truncated/],
    [
      { code: "link", path: "b/s/run.sh", detail: "a symbolic link" },
      /'b\/s\/run\.sh' is a symbolic link; .*replace the link with a copy of its target/,
    ],
    [
      { code: "unnamed-skill", path: "SKILL.md" },
      /--name my-skill when reading stdin, name=my-skill/,
    ],
    [
      { code: "identity-mismatch", skill: "template", other: "template-skill" },
      /rename the folder 'template' to 'template-skill'/,
    ],
    [
      { code: "unsupported-entry", path: "b/s/x.md", detail: "it is encrypted" },
      /'b\/s\/x\.md'.*encrypted.*repack/,
    ],
    [{ code: "unreadable-source", path: "/x", detail: "permission denied, EACCES" }, /EACCES/],
  ])("says what is wrong in %o", (refusal, pattern) => {
    expect(message(asRefusal(refusal))).toMatch(pattern);
  });

  it("answers every source code with HTTP 422 or 413 and exit code 1", () => {
    for (const code of sourceCodes) {
      const refusal = asRefusal({ code });
      expect([413, 422]).toContain(httpStatus(refusal));
      expect(exitCode(refusal)).toBe(1);
    }
    expect(httpStatus(asRefusal({ code: "too-large" }))).toBe(413);
    expect(httpStatus(asRefusal({ code: "too-many-entries" }))).toBe(413);
  });
});

describe("toRefusal and isRefusal", () => {
  it("passes a refusal through and turns anything else into an internal one", () => {
    const refusal = asRefusal({ code: "no-skills" });
    expect(toRefusal(refusal)).toBe(refusal);
    expect(toRefusal(new Error("boom"))).toEqual({ code: "internal", detail: "boom" });
    expect(isRefusal({ code: "not-a-code" })).toBe(false);
    expect(isRefusal(null)).toBe(false);
  });
});
