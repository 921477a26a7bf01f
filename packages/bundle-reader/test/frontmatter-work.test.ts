// @module-tag heavy
// Properties of the frontmatter reader over generated YAML. Work, not time:
// readSkillFrontmatter reports the units of work it does, for the reader's
// fields and the findings alike (characters scanned, tokens lexed, CST tokens
// and nodes visited, characters of every diagnostic the YAML library wrote,
// characters walked to place the findings), and for every hostile shape at
// every size that work stays within a constant per byte of the SKILL.md. A
// library that quotes a 60 KB line in each of thousands of diagnostics, a
// check that compares each key with every earlier one, or positions found by
// walking back to the start for each finding, breaks that at once. And any
// block at all, read through readBundle and then the findings, yields skills
// or a refusal of the contract, never an exception, and never a warning sent
// to the process.

import { sourceCodes } from "@skillshelf/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMap, isPair, isSeq, parseDocument } from "yaml";
import { nestsDeeperThan } from "../src/frontmatter-depth.js";
import { findingsOf, readBundle, readFrontmatter } from "../src/index.js";
import { readSkillFrontmatter } from "../src/skill-frontmatter.js";
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
  "anchors and aliases as keys": (n) => join(n, (i) => `&a${i} k${i}: *a${i}`, "\n"),
  "maps each before its siblings' keys": (n) =>
    `a: [${join(n, (i) => `{k${i}: {x: y}, z: !t w}`, ", ")}]`,
  "second documents": (n) => join(n, (i) => `k${i}: v\n...\n--- !t x`, "\n"),
  "repeated keys with tags": (n) => join(n, () => `!t k: !t v`, "\n"),
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
          // A file object of its own, so nothing is kept from an earlier read of the same text.
          readSkillFrontmatter({}, () => text, Buffer.byteLength(text), {
            onWork: (units) => (work += units),
          });
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

/** A piece repeated: how a few bytes of pieces reach the bounds (64,000 '[', a thousand keys). */
const run = fc
  .tuple(
    fc.constantFrom("[", "{", "- ", ": ", "k: v\n", "&a ", "*a, ", "!t ", " "),
    fc.integer({ min: 1, max: 70_000 }),
  )
  .map(([one, times]) => one.repeat(times));

/** Bodies that keep a SKILL.md within the catalog's limit, or take it past (the reader then parses nothing). */
const body = fc.constantFrom("# alpha\n", `# alpha\n${"x".repeat(300_000)}\n`);

describe("any frontmatter, read as a bundle", () => {
  it("yields skills or a refusal of the contract, never an exception, and the findings of what was read never throw", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 20, arbitrary: piece }, { weight: 1, arbitrary: run }), {
          maxLength: 300,
        }),
        fc.boolean(),
        body,
        async (pieces, strict, rest) => {
          const text = `---\nname: alpha\n${pieces.join("")}\n---\n${rest}`;
          const bytes = tar({ name: "alpha/SKILL.md", body: text });
          const result = await readBundle({ kind: "archive", bytes }, { strict });
          if (result.ok) {
            expect(result.skills.map((skill) => skill.name)).toEqual(["alpha"]);
            expect(result.warnings.length).toBeLessThanOrEqual(101);
            for (const skill of result.skills) expect(Array.isArray(findingsOf(skill))).toBe(true);
          } else {
            expect(sourceCodes).toContain(result.refusal.code);
          }
          // The findings of the text alone, as a stored skill's are read, are held to the same bounds.
          expect(Array.isArray(findingsOf({ files: [{ path: "SKILL.md", text }] }))).toBe(true);
        },
      ),
      { numRuns: RUNS * 5 },
    );
  }, 240_000);

  it("the SKILL.md over the limit with 64,000 '[' in its frontmatter", async () => {
    const text = `---\na: ${"[".repeat(64_000)}\n---\n${"x".repeat(300_000)}\n`;
    const result = await readBundle({
      kind: "archive",
      bytes: tar({ name: "alpha/SKILL.md", body: text }),
    });
    if (!result.ok) expect.fail(JSON.stringify(result.refusal));
    expect(result.skills.flatMap((skill) => findingsOf(skill))).toEqual([]);
  });
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
