// The frontmatter shortcut must never disagree with the YAML library: for any
// block it answers, the library's failsafe parse gives the same fields. Blocks
// are drawn from an alphabet rich in what YAML treats specially (quotes,
// colons, comments, flow and block indicators, anchors, tags, indentation),
// so both the shortcut and the fall-back are exercised.
import fc from "fast-check";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { readPlainFields } from "../src/plain-fields.js";

const plainKey = fc
  .tuple(
    fc.constantFrom(..."abnXY".split("")),
    fc.string({ unit: fc.constantFrom(..."ae0_-".split("")), maxLength: 6 }),
  )
  .map(([first, rest]) => first + rest);
const plainValue = fc.string({
  unit: fc.constantFrom(..."aZ09 .,_()/+=-".split("")),
  maxLength: 20,
});
const special = fc.constantFrom(..."\t:#'\"{}[]&*!|>%@`~?\\ ".split(""), "\n", "  ", "- ", "---");

/** Inserts one character YAML may treat specially somewhere in a line. */
const spoil = (line: string) =>
  fc
    .tuple(fc.nat({ max: line.length }), special)
    .map(([at, text]) => line.slice(0, at) + text + line.slice(at));

const plainLine = fc.tuple(plainKey, plainValue).map(([k, v]) => `${k}: ${v}`);
const line = fc.oneof(
  { weight: 4, arbitrary: plainLine },
  { weight: 1, arbitrary: plainLine.chain(spoil) },
);
const block = fc.array(line, { minLength: 1, maxLength: 4 });

it("answers only blocks whose YAML meaning it gives exactly", () => {
  let answered = 0;
  fc.assert(
    fc.property(block, (lines) => {
      const fields = readPlainFields(lines);
      if (fields === undefined) return;
      answered++;
      expect(parse(lines.join("\n"), { schema: "failsafe" })).toEqual(fields);
    }),
    { numRuns: 20_000 },
  );
  // The property is only worth something if the shortcut was taken often.
  expect(answered).toBeGreaterThan(500);
});

it.each([
  { name: "a quoted value", lines: ['name: "x"'] },
  { name: "a comment", lines: ["name: x # note"] },
  { name: "a colon in the value", lines: ["name: a: b"] },
  { name: "a repeated key", lines: ["name: a", "name: b"] },
  { name: "an indented line", lines: ["name: a", "  b"] },
  { name: "an empty value", lines: ["name:"] },
  { name: "no lines", lines: [] },
])("leaves $name to the YAML library", ({ lines }) => {
  expect(readPlainFields(lines)).toBeUndefined();
});
