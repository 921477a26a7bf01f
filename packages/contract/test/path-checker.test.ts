// PathChecker judges a path below a directory it has already passed by the
// path's last segment and its length alone. That must never change a
// verdict: for any sequence of paths, in any order, it must say exactly
// what checkPath says of each path on its own.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkPath, PathChecker } from "../src/paths.js";

/** Segments that break one rule each, and plain ones, so trees mix passes and failures. */
const segment = fc.oneof(
  fc.constantFrom("a", "b", "skill", "SKILL.md", "d", "."),
  fc.constantFrom("..", "", "con", "lpt1.txt", "a.", "a ", "x:y", "a\\b", "tab\tname"),
  fc.constantFrom("é", "\u{1F600}", "\uD800", "İ"),
  fc.constantFrom("n".repeat(255), "n".repeat(256), "é".repeat(128)),
);

/** A path as a source might give it: segments, maybe "./" before and "/" after. */
const entry = fc.record({
  segments: fc.array(segment, { minLength: 1, maxLength: 6 }),
  dotSlash: fc.boolean(),
  directory: fc.boolean(),
  utf8: fc.oneof(
    { weight: 9, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
  repeat: fc.integer({ min: 1, max: 40 }),
});

describe("PathChecker", () => {
  it("gives every path the verdict checkPath gives it alone", () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 30 }), (entries) => {
        const checker = new PathChecker();
        for (const { segments, dotSlash, directory, utf8, repeat } of entries) {
          // Long chains reach the 4,096-byte path limit below a passed directory.
          const long = segments.length > 1 ? Array(repeat).fill(segments[0]).join("/") : "";
          const path = [long, ...segments].filter((s, i) => i > 0 || s !== "").join("/");
          const raw = `${dotSlash ? "./" : ""}${path}${directory ? "/" : ""}`;
          expect(checker.check(raw, directory, utf8)).toEqual(checkPath(raw, directory, utf8));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses a path too long below a directory it passed, before a reserved or trailing name", () => {
    const checker = new PathChecker();
    const parent = Array(1023).fill("abc").join("/"); // 4,091 bytes
    expect(checker.check(`${parent}/`, true)).toEqual({ ok: true, path: parent });
    expect(checker.check(`${parent}/con`, false)).toEqual({ ok: false, why: "reserved-name" });
    expect(checker.check(`${parent}/con.txt`, false)).toEqual({ ok: false, why: "path-too-long" });
    expect(checker.check(`${parent}/end.`, false)).toEqual({
      ok: false,
      why: "trailing-dot-or-space",
    });
    expect(checker.check(`${parent}/ends.`, false)).toEqual({ ok: false, why: "path-too-long" });
    expect(checker.check(`${parent}/...`, false)).toEqual({
      ok: false,
      why: "trailing-dot-or-space",
    });
    expect(checker.check(`${parent}/..`, false)).toEqual({ ok: false, why: "traversal" });
    expect(checker.check(`${parent}/a:b`, false)).toEqual({ ok: false, why: "drive-prefix" });
    expect(checker.check(`${parent}/ok`, false)).toEqual({ ok: true, path: `${parent}/ok` });
  });
});
