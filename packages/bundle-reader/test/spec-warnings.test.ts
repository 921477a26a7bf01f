// The Agent Skills specification as warnings, through readBundle on real
// uploads: each SKILL.md below draws exactly the warnings listed (code and
// field, in order), the skill is read all the same, and strict checking
// turns the first warning into the refusal `spec-violation`.
import { describe, expect, it } from "vitest";
import { message, readBundle } from "../src/index.js";
import type { ReadResult } from "../src/types.js";
import { refusalOf, skillsOf } from "./support/read.js";

const read = (text: string, strict = false): Promise<ReadResult> =>
  readBundle(
    { kind: "uploads", files: [{ path: "bundle/pdf/SKILL.md", bytes: Buffer.from(text) }] },
    { strict },
  );

const fm = (lines: string): string => `---\n${lines}\n---\n# Body\n`;
const good = "name: pdf\ndescription: Fills PDF forms; use when a form must be filled.";

const cases: { name: string; text: string; want: string[] }[] = [
  { name: "a conforming skill", text: fm(good), want: [] },
  {
    name: "every optional field, well formed",
    text: fm(
      `${good}\nlicense: MIT\ncompatibility: Needs python3\nallowed-tools: Bash Read\nmetadata:\n  version: "1.0"\n  author: me`,
    ),
    want: [],
  },
  {
    name: "no frontmatter (a title only)",
    text: "# pdf\nbody\n",
    want: ["missing-frontmatter frontmatter"],
  },
  { name: "no description", text: fm("name: pdf"), want: ["missing-field description"] },
  { name: "no name", text: fm("description: x"), want: ["missing-field name"] },
  {
    name: "an empty block",
    text: "---\n---\n",
    want: ["missing-field name", "missing-field description"],
  },
  {
    name: "a blank description",
    text: fm("name: pdf\ndescription: '  '"),
    want: ["missing-field description"],
  },
  {
    name: "a description of 1,024 characters",
    text: fm(`name: pdf\ndescription: ${"é".repeat(1024)}`),
    want: [],
  },
  {
    name: "a description of 1,025 characters",
    text: fm(`name: pdf\ndescription: ${"é".repeat(1025)}`),
    want: ["field-too-long description"],
  },
  {
    name: "a description that is a list",
    text: fm("name: pdf\ndescription:\n  - a\n  - b"),
    want: ["field-type description"],
  },
  {
    name: "an upper-case name",
    text: fm(`name: PDF\ndescription: x`),
    want: ["invalid-name name"],
  },
  {
    name: "a name with a double hyphen",
    text: fm("name: a--b\ndescription: x"),
    want: ["invalid-name name"],
  },
  {
    name: "a name of 65 characters",
    text: fm(`name: ${"a".repeat(65)}\ndescription: x`),
    want: ["invalid-name name"],
  },
  {
    name: "a name that is a map",
    text: fm("name:\n  a: b\ndescription: x"),
    want: ["field-type name"],
  },
  {
    name: "compatibility of 501 characters",
    text: fm(`${good}\ncompatibility: ${"c".repeat(501)}`),
    want: ["field-too-long compatibility"],
  },
  {
    name: "compatibility of 500 characters",
    text: fm(`${good}\ncompatibility: ${"c".repeat(500)}`),
    want: [],
  },
  {
    name: "an empty compatibility",
    text: fm(`${good}\ncompatibility: ""`),
    want: ["empty-field compatibility"],
  },
  {
    name: "metadata holding a list",
    text: fm(`${good}\nmetadata:\n  tags:\n    - a`),
    want: ["field-type metadata"],
  },
  {
    name: "metadata that is a string",
    text: fm(`${good}\nmetadata: v1`),
    want: ["field-type metadata"],
  },
  {
    name: "allowed-tools as a list",
    text: fm(`${good}\nallowed-tools:\n  - Bash`),
    want: ["field-type allowed-tools"],
  },
  {
    name: "two host-specific fields",
    text: fm(`${good}\nmodel: opus\nuser-invocable: true`),
    want: ["host-specific-field model", "host-specific-field user-invocable"],
  },
  {
    name: "frontmatter that is not YAML",
    text: fm("name: [pdf"),
    want: ["invalid-frontmatter frontmatter"],
  },
];

describe("specification warnings", () => {
  it.each(cases)("$name", async ({ text, want }) => {
    const result = await read(text);
    expect(skillsOf(result).map((skill) => skill.name)).toEqual(["pdf"]);
    const warnings = result.ok ? result.warnings : [];
    expect(warnings.map((w) => `${w.code} ${w.field}`)).toEqual(want);
    for (const warning of warnings) {
      expect(warning.skill).toBe("pdf");
      expect(warning.message).toMatch(/^The skill 'pdf' .*\.$/);
      expect(warning.message).toContain(
        `'${warning.field}'`.replace("'frontmatter'", "frontmatter"),
      );
    }
  });

  it("says how long a description is and what the specification allows", async () => {
    const result = await read(fm(`name: pdf\ndescription: ${"d".repeat(1300)}`));
    expect(result.ok && result.warnings[0]?.message).toBe(
      "The skill 'pdf' has a 'description' of 1,300 characters; the Agent Skills specification allows at most 1,024.",
    );
  });

  it("lists the warnings of every skill, skill by skill in name order", async () => {
    const result = await readBundle({
      kind: "uploads",
      files: [
        { path: "b/zeta/SKILL.md", bytes: Buffer.from("# zeta\n") },
        {
          path: "b/alpha/SKILL.md",
          bytes: Buffer.from(fm("name: alpha\ndescription: x\nmodel: y")),
        },
      ],
    });
    expect(result.ok && result.warnings.map((w) => `${w.skill} ${w.field}`)).toEqual([
      "alpha model",
      "zeta frontmatter",
    ]);
  });
});

describe("strict checking", () => {
  it("refuses the first warning as spec-violation, counting the rest", async () => {
    const refusal = refusalOf(await read(fm("name: PDF\ndescription: x\nmodel: y"), true));
    expect(refusal).toMatchObject({ code: "spec-violation", skill: "pdf", count: 2 });
    expect(message(refusal)).toBe(
      "The skill 'pdf' has the 'name' 'PDF'; the Agent Skills specification asks for 1 to 64 lower-case letters, digits and single inner hyphens, and strict checking turns it and 1 more warning into a refusal; fix the SKILL.md frontmatter, or import without strict checking.",
    );
  });

  it("lets a conforming bundle through", async () => {
    expect(skillsOf(await read(fm(good), true))).toHaveLength(1);
  });

  it("never hides a refusal of the bundle behind a warning", async () => {
    const result = await readBundle(
      { kind: "uploads", files: [{ path: "b/pdf/SKILL.md", bytes: Uint8Array.of(0xff) }] },
      { strict: true },
    );
    expect(refusalOf(result).code).toBe("not-utf8");
  });
});
