// Path order: the one order of paths, by their UTF-8 bytes. A source's
// problems are reported in it (so a folder, a tar, a zip and an upload holding
// the same entries in different orders are refused for the same entry first),
// a skill's files are listed in it, and the tree digest hashes files in it,
// so another implementation sorts the same way with nothing but the bytes.
// Comparing the strings' UTF-16 code units would differ for characters beyond
// U+FFFF, so they are compared as code points, which order as their UTF-8
// bytes do, without encoding anything.

/** Compares two paths by their UTF-8 bytes (negative, zero or positive, as `Buffer.compare`). */
export function comparePaths(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return ranked(x) < ranked(y) ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * A code unit's rank in code point order: a surrogate (half of a character
 * beyond U+FFFF) ranks above U+E000 to U+FFFF, which UTF-16 puts after it.
 */
function ranked(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800;
}

/**
 * Sorts `items` into path order by the path `pathOf` gives each (a stable
 * sort, into a new array). Each path is encoded once and the bytes compared
 * natively: paths 2,000 levels deep share long prefixes, and a loop over
 * their characters for every comparison would cost ten times as much.
 */
export function sortByPath<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, key: Buffer.from(pathOf(item), "utf8") }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  return keyed.map(({ item }) => item);
}
