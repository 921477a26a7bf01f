// The table of unsafe paths every suite that judges paths runs: the
// contract's rule on its own (checkPath) and every read of the reader. One
// table, so a reason added to the rule is tested on both sides at once.

/** A path the rule refuses, and the reason it must give (a contract UnsafePathReason). */
export type UnsafePathCase = { name: string; path: string; why: string; directory?: boolean };

export const UNSAFE_PATHS: readonly UnsafePathCase[] = [
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
