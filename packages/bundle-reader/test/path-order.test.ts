// Path order is the order of a depth-first walk with names sorted by bytes.
import { expect, it } from "vitest";
import { sortByPath } from "../src/path-order.js";

it("puts a directory's contents right after it, before a sibling that extends its name", () => {
  const paths = ["a-b", "a/b", "a", "a/b/c", "A", "a.md", "a/a"];
  expect(sortByPath(paths, (p) => p)).toEqual(["A", "a", "a/a", "a/b", "a/b/c", "a-b", "a.md"]);
});

it("compares by UTF-8 bytes, not UTF-16 code units", () => {
  // U+FF21 is one code unit above the surrogates in UTF-16, but below U+1F600 in UTF-8.
  const paths = ["\u{1F600}", "\uFF21"];
  expect(sortByPath(paths, (p) => p)).toEqual(["\uFF21", "\u{1F600}"]);
});

it("is stable for equal paths", () => {
  const items = [
    { path: "x", n: 1 },
    { path: "x", n: 2 },
  ];
  expect(sortByPath(items, (i) => i.path).map((i) => i.n)).toEqual([1, 2]);
});
