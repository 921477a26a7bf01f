// Every path rule on its own: the reason given for each unsafe path, and the
// paths that pass (as what they become).
import { UNSAFE_PATHS, type UnsafePathCase } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { checkPath } from "../src/paths.js";
import type { UnsafePathReason } from "../src/refusal.js";

const unsafe = UNSAFE_PATHS as readonly (UnsafePathCase & { why: UnsafePathReason })[];

const safe: { name: string; path: string; directory?: boolean; becomes: string }[] = [
  { name: "a plain path", path: "a/b.md", becomes: "a/b.md" },
  { name: "one leading ./", path: "./a/b.md", becomes: "a/b.md" },
  { name: "a directory's trailing slash", path: "a/b/", directory: true, becomes: "a/b" },
  { name: "a dot file", path: "a/.env", becomes: "a/.env" },
  { name: "dots inside a name", path: "a/b..c", becomes: "a/b..c" },
  {
    name: "a name that starts with a reserved word",
    path: "a/console.md",
    becomes: "a/console.md",
  },
  { name: "COM10 is not reserved", path: "a/COM10", becomes: "a/COM10" },
  { name: "a 255-byte name", path: `a/${"x".repeat(255)}`, becomes: `a/${"x".repeat(255)}` },
  { name: "non-ASCII letters", path: "a/çà/日本.md", becomes: "a/çà/日本.md" },
];

describe("checkPath", () => {
  it.each(unsafe)("refuses $name", ({ path, why, directory }) => {
    expect(checkPath(path, directory === true)).toEqual({ ok: false, why });
  });

  it.each(safe)("accepts $name", ({ path, directory, becomes }) => {
    const verdict = checkPath(path, directory === true);
    expect(verdict).toMatchObject({ ok: true, path: becomes });
  });

  it("refuses a path whose source bytes were not UTF-8", () => {
    expect(checkPath("a/b", false, false)).toEqual({ ok: false, why: "not-utf8" });
  });
});
