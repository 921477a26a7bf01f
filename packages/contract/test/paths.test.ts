// Every path rule on its own: the reason given for each unsafe path, and the
// paths that pass (as what they become).
import { describe, expect, it } from "vitest";
import { checkPath } from "../src/paths.js";
import type { UnsafePathReason } from "../src/refusal.js";

const unsafe: { name: string; path: string; why: UnsafePathReason; directory?: boolean }[] = [
  { name: "absolute", path: "/etc/passwd", why: "absolute" },
  { name: "absolute with two slashes", path: "//server/x", why: "absolute" },
  { name: "a drive prefix", path: "C:x", why: "drive-prefix" },
  { name: "a stream suffix", path: "a/b.md:stream", why: "drive-prefix" },
  { name: "a drive and backslash", path: "C:\\x", why: "drive-prefix" },
  { name: "traversal at the start", path: "../x", why: "traversal" },
  { name: "traversal in the middle", path: "a/../../x", why: "traversal" },
  { name: "traversal at the end", path: "a/..", why: "traversal" },
  { name: "a backslash", path: "a\\b", why: "backslash" },
  { name: "a NUL", path: "a\u0000b", why: "control-character" },
  { name: "a newline", path: "a\nb", why: "control-character" },
  { name: "DEL", path: "a\u007fb", why: "control-character" },
  { name: "an empty segment", path: "a//b", why: "empty-segment" },
  { name: "a trailing slash on a file", path: "a/b/", why: "empty-segment" },
  { name: "an empty path", path: "", why: "empty-segment" },
  { name: "a dot segment inside", path: "a/./b", why: "dot-segment" },
  { name: "two leading ./", path: "././a", why: "dot-segment" },
  { name: "a lone surrogate", path: "a/\ud800.md", why: "not-utf8" },
  { name: "a 256-byte name", path: `a/${"x".repeat(256)}`, why: "segment-too-long" },
  {
    name: "a 256-byte name of 2-byte letters",
    path: `a/${"é".repeat(128)}`,
    why: "segment-too-long",
  },
  {
    name: "a path over 4,096 bytes",
    path: `${"abcdefgh/".repeat(455)}abcdefghij`,
    why: "path-too-long",
  },
  { name: "CON", path: "a/CON", why: "reserved-name" },
  { name: "con.txt", path: "a/con.txt", why: "reserved-name" },
  { name: "Lpt9.md", path: "Lpt9.md", why: "reserved-name" },
  { name: "nul as a directory", path: "nul/x", why: "reserved-name" },
  { name: "com1.tar.gz", path: "COM1.tar.gz", why: "reserved-name" },
  { name: "a trailing dot", path: "a/b.", why: "trailing-dot-or-space" },
  { name: "a trailing space", path: "a /b", why: "trailing-dot-or-space" },
  { name: "a dotted directory", path: "skill./x", why: "trailing-dot-or-space" },
];

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
