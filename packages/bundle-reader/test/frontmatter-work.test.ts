// @module-tag heavy
// Properties of the frontmatter reader over generated YAML. Work, not time:
// readFrontmatter reports the units of work it does (characters scanned,
// tokens lexed, nodes visited, characters of every diagnostic the YAML
// library wrote), and for every hostile shape at every size that work stays
// within a constant per byte of the SKILL.md. A library that quotes a 60 KB
// line in each of thousands of diagnostics, or a check that compares each key
// with every earlier one, breaks that at once. And any block at all, read
// through readBundle, yields skills or a refusal of the contract, never an
// exception, and never a warning sent to the process.

import { sourceCodes } from "@skillshelf/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMap, isPair, isSeq, parseDocument } from "yaml";
import { nestsDeeperThan } from "../src/frontmatter-depth.js";
import { readBundle, readFrontmatter } from "../src/index.js";
import { tar } from "./support/tar.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Units of work allowed per character of the text. */
const PER_BYTE = 64;

const join = (count: number, item: (i: number) => string, by: string): string =>
  Array.from({ length: count }, (_, i) => item(i)).join(by);

/** Shapes that once cost more than linear work, or that a depth scan could miss. */
const shapes: Record<string, (n: number) => string> = {
  "nested brackets": (n) => `a: ${"[".repeat(n)}`,
  "brackets between quoted closers": (n) => `a: [${'"]", ['.repeat(n)}`,
  "compact sequences": (n) => `${"- ".repeat(n)}x`,
  "compact mappings": (n) => `${": ".repeat(n)}x`,
  "unique keys": (n) => join(n, (i) => `key${i}: "v"`, "\n"),
  "unknown tags on one line": (n) => `a: [${join(n, () => "!t x", ", ")}]`,
  "unknown tags as keys": (n) => join(n, (i) => `k${i}: !t x`, "\n"),
  "errors on one line": (n) => `a: [${join(n, () => "x: : ]", ", ")}]`,
  "repeated keys": (n) => join(n, () => `k: v`, "\n"),
  "one quoted scalar": (n) => `description: "${"x".repeat(n * 8)}"`,
  aliases: (n) => `a: [&a x, ${join(n, () => "*a", ", ")}]`,
  "flow mappings": (n) => `a: {${join(n, (i) => `k${i}: {x: y}`, ", ")}}`,
};

describe("frontmatter work is linear in bytes", () => {
  it("for every hostile shape at every size", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(shapes)),
        fc.integer({ min: 1, max: 12_000 }),
        (shape, n) => {
          const text = `---\n${shapes[shape]!(n)}\n---\n# body\n`;
          let work = 0;
          readFrontmatter(text, { onWork: (units) => (work += units) });
          expect(work, `${shape} x ${n}`).toBeLessThanOrEqual(PER_BYTE * text.length + 1_000);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("and the library writes no warning to the process", async () => {
    const heard: unknown[] = [];
    const listen = (warning: Error): void => {
      heard.push(warning);
    };
    process.on("warning", listen);
    try {
      const read = readFrontmatter(`---\n${shapes["unknown tags as keys"]!(200)}\n---\n`);
      expect(read.kind).toBe("present");
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", listen);
    }
    expect(heard).toEqual([]);
  });
});

/** Pieces YAML gives meaning to, and plain words, in any order. */
const piece = fc.constantFrom(
  "[",
  "]",
  "{",
  "}",
  ", ",
  ": ",
  ":",
  "- ",
  "? ",
  '"',
  "'",
  "\\",
  "#",
  " #c",
  "!t ",
  "!!str ",
  "&a ",
  "*a",
  "|",
  ">",
  "\n",
  "\n  ",
  "\n    ",
  " ",
  "name",
  "description",
  "x",
  "%",
  "@",
  "\t",
  "...",
  "<<: ",
  "\u0000",
  "\u00e9",
  "\ud83d\ude00",
  "0x1F",
  "~",
  "null",
  "---x",
);

describe("any frontmatter, read as a bundle", () => {
  it("yields skills or a refusal of the contract, never an exception", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 300 }),
        fc.boolean(),
        async (pieces, strict) => {
          const text = `---\nname: alpha\n${pieces.join("")}\n---\n# alpha\n`;
          const bytes = tar({ name: "alpha/SKILL.md", body: text });
          const result = await readBundle({ kind: "archive", bytes }, { strict });
          if (result.ok) {
            expect(result.skills.map((skill) => skill.name)).toEqual(["alpha"]);
            expect(result.warnings.length).toBeLessThanOrEqual(101);
          } else {
            expect(sourceCodes).toContain(result.refusal.code);
          }
        },
      ),
      { numRuns: RUNS * 5 },
    );
  }, 120_000);
});

/** How deep the parsed document nests: collections within collections. */
function parsedDepth(block: string): number {
  const doc = parseDocument(block, { schema: "failsafe", uniqueKeys: false, logLevel: "silent" });
  let deepest = 0;
  const pending: [unknown, number][] = [[doc.contents, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (isMap(node) || isSeq(node)) {
      deepest = Math.max(deepest, depth);
      for (const item of node.items as unknown[]) {
        if (isPair(item)) pending.push([item.key, depth + 1], [item.value, depth + 1]);
        else pending.push([item, depth + 1]);
      }
    }
  }
  return deepest;
}

/** The depth the scan finds: the least bound it does not pass. */
function scannedDepth(block: string): number {
  let depth = 0;
  while (nestsDeeperThan(block, depth)) depth++;
  return depth;
}

const nesting = fc.constantFrom(
  "[",
  "]",
  "{",
  "}",
  ", ",
  ": ",
  "- ",
  "? ",
  '"',
  "'",
  "\\",
  " #",
  "!t ",
  "&a ",
  "*a",
  "|",
  ">",
  "\n",
  "\n ",
  "\n  ",
  "\n   ",
  " ",
  "k",
  "x",
);

describe("the depth scan", () => {
  it("never finds less than half the depth the parser builds", () => {
    fc.assert(
      fc.property(fc.array(nesting, { maxLength: 120 }), (pieces) => {
        const block = pieces.join("");
        expect(parsedDepth(block)).toBeLessThanOrEqual(2 * scannedDepth(block) + 1);
      }),
      { numRuns: RUNS * 20 },
    );
  }, 120_000);
});
