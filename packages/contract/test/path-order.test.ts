// Path order is the order of the paths' UTF-8 bytes: comparePaths agrees with
// Buffer.compare of the encoded paths on any well-formed strings, and
// sortByPath sorts by it, stably.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePaths, sortByPath } from "../src/path-order.js";

const bytesOrder = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/** Paths mixing ASCII, separators, and characters on both sides of the surrogates. */
const path = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      "a",
      "b",
      "A",
      "/",
      "-",
      ".",
      "\u00e9",
      "\uFF21",
      "\uE000",
      "\u{1F600}",
      "\u{10FFFF}",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 8,
});

describe("comparePaths", () => {
  it("orders as Buffer.compare of the UTF-8 bytes", () => {
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(Math.sign(comparePaths(a, b))).toBe(bytesOrder(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it("is antisymmetric and zero only for equal paths", () => {
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(Math.sign(comparePaths(a, b)) + Math.sign(comparePaths(b, a))).toBe(0);
        expect(comparePaths(a, b) === 0).toBe(a === b);
      }),
    );
  });

  it.each([
    ["U+FF21 before U+1F600, though UTF-16 puts it after", "\uFF21", "\u{1F600}"],
    ["'-' before '/', as their bytes are", "a-b", "a/b"],
    ["a prefix before what extends it", "a", "a/b"],
    ["upper case before lower case", "B", "a"],
  ])("puts %s", (_name, first, second) => {
    expect(comparePaths(first, second)).toBeLessThan(0);
    expect(comparePaths(second, first)).toBeGreaterThan(0);
  });
});

describe("sortByPath", () => {
  it("sorts as comparePaths does", () => {
    fc.assert(
      fc.property(fc.array(path, { maxLength: 20 }), (paths) => {
        expect(sortByPath(paths, (p) => p)).toEqual([...paths].sort(bytesOrder));
      }),
    );
  });

  it("is stable for equal paths and leaves its input alone", () => {
    const items = [
      { path: "x", n: 1 },
      { path: "a", n: 2 },
      { path: "x", n: 3 },
    ];
    expect(sortByPath(items, (i) => i.path).map((i) => i.n)).toEqual([2, 1, 3]);
    expect(items.map((i) => i.n)).toEqual([1, 2, 3]);
  });
});
