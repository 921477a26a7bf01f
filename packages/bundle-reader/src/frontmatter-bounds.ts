// The bounds on a SKILL.md's frontmatter, in one place for the reader, the
// catalog and the docs (docs/security.md, "Frontmatter bounds"). The
// specification's fields fit in a few KiB (a description of at most 1,024
// characters, a compatibility of 500, a short name, a small metadata map), so
// each bound sits far above any real frontmatter and far below what makes a
// YAML parse expensive: 64 KiB is a quarter of the SKILL.md limit and forty
// times the largest field the specification defines; 64 levels of nesting
// and 1,000 keys are more than any host's metadata uses, and keep the
// library's recursion shallow and its work per key small.

/** The most bytes (UTF-8) the block between the `---` lines may hold. */
export const MAX_FRONTMATTER_BYTES: number = 65_536;
/** The deepest nesting of indentation levels and brackets the block may reach. */
export const MAX_FRONTMATTER_DEPTH: number = 64;
/** The most keys the block may hold, counted over every mapping in it. */
export const MAX_FRONTMATTER_KEYS: number = 1_000;
/**
 * The most frontmatter bytes one bundle may hand to the YAML library, over
 * all its skills. A YAML parse costs microseconds per byte (tens, for a block
 * built to make the library report an error at every few bytes), hundreds of
 * times what reading the bytes costs, and a gzip'd bundle of a few KiB can
 * expand to a thousand skills: this bound keeps the parse of a whole bundle
 * to about what four of the largest blocks cost. Blocks of plain
 * `key: value` lines are read without the library and do not count, so a
 * collection of 170 skills of 1.5 KiB of YAML each still fits.
 */
export const MAX_BUNDLE_FRONTMATTER_BYTES: number = 262_144;
/** The most specification warnings kept for one bundle (or one stored skill); the rest are counted. */
export const MAX_WARNINGS: number = 100;
/** The largest SKILL.md a catalog offers (the contract's); the reader parses no larger one's frontmatter. */
export { MAX_SKILL_FILE_BYTES } from "@skillshelf/contract";

/** Which bound a frontmatter passed. */
export type FrontmatterBound = "bytes" | "depth" | "keys" | "bundle-bytes";
