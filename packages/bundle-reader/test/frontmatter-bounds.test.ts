// Hostile frontmatter through the reader, as real .tgz bytes: each shape once
// stalled a read for seconds (or threw), and must now settle with skills and
// bounded warnings or with one refusal naming the bound it passed. The
// SKILL.md limit applies before any parse, each block is held to its bytes,
// depth and keys, the blocks of one bundle to a total, and at most 100
// warnings are kept. The findings read the same parse, under the same
// bounds: a SKILL.md the reader does not parse, they do not parse either.
import { gzipSync } from "node:zlib";
import {
  buildTarGz,
  cases,
  costliestFrontmatter,
  deepBracketsPastSkillLimit,
} from "@skillshelf/conformance";
import { describe, expect, it } from "vitest";
import {
  findingsOf,
  MAX_BUNDLE_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_BYTES,
  MAX_FRONTMATTER_DEPTH,
  MAX_FRONTMATTER_KEYS,
  MAX_WARNINGS,
  message,
  type ReadResult,
  readBundle,
  readFrontmatter,
} from "../src/index.js";
import { readSkillFrontmatter, skillFileFrontmatter } from "../src/skill-frontmatter.js";
import { readBytes, refusalOf } from "./support/read.js";
import { type Member, tar } from "./support/tar.js";

const fenced = (block: string): string => `---\n${block}\n---\n# body\n`;
const lines = (count: number, line: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => line(i)).join("\n");

/** A .tgz of one collection: each skill directory holds a SKILL.md of the given text. */
function tgz(skills: Record<string, string | Uint8Array>): Uint8Array {
  const members: Member[] = Object.entries(skills).map(([name, body]) => ({
    name: `bundle/${name}/SKILL.md`,
    body,
  }));
  return gzipSync(tar(...members), { level: 1 });
}

const warningCodes = (result: ReadResult): string[] => {
  if (!result.ok) expect.fail(`expected skills, got ${JSON.stringify(result.refusal)}`);
  return result.warnings.map((warning) => warning.code);
};

describe("a SKILL.md over the catalog's limit is not parsed", () => {
  it.each([
    ["10^6 nested '['", fenced(`a: ${"[".repeat(1_000_000)}`)],
    ["a 60 MB quoted scalar", fenced(`description: "${"x".repeat(60_000_000)}"`)],
    ["130,000 plain keys", fenced(lines(130_000, (i) => `k${i}: v`))],
  ])("%s: one warning, no parse", async (_name, text) => {
    const result = await readBytes(tgz({ alpha: text }));
    expect(warningCodes(result)).toEqual(["skill-file-too-large"]);
  });
});

describe("a frontmatter past a bound refuses the bundle, naming the bound", () => {
  it.each([
    {
      name: "200,000 nested '[' (bytes)",
      text: fenced(`a: ${"[".repeat(200_000)}`),
      limit: MAX_FRONTMATTER_BYTES,
      words: "65,536 bytes",
    },
    {
      name: "149 KB of unique keys (bytes)",
      text: fenced(lines(14_000, (i) => `key${String(i).padStart(5, "0")}: "v"`)),
      limit: MAX_FRONTMATTER_BYTES,
      words: "65,536",
    },
    {
      name: "117 KB of unknown tags (bytes)",
      text: fenced(lines(13_000, (i) => `k${i}: !t x`)),
      limit: MAX_FRONTMATTER_BYTES,
      words: "65,536",
    },
    {
      name: "a block never closed within the bound (bytes)",
      text: `---\ndescription: "${"x".repeat(200_000)}"\n`,
      limit: MAX_FRONTMATTER_BYTES,
      words: "not closed within 65,536 bytes",
    },
    {
      name: "60,000 nested '[' (depth)",
      text: fenced(`a: ${"[".repeat(60_000)}`),
      limit: MAX_FRONTMATTER_DEPTH,
      words: "deeper than 64 levels",
    },
    {
      name: "brackets hidden between quoted closers (depth)",
      text: fenced(`a: [${'"]", ['.repeat(5_000)}`),
      limit: MAX_FRONTMATTER_DEPTH,
      words: "deeper than 64 levels",
    },
    {
      name: "a line of compact '- - -' (depth)",
      text: fenced(`${"- ".repeat(20_000)}x`),
      limit: MAX_FRONTMATTER_DEPTH,
      words: "deeper than 64 levels",
    },
    {
      name: "a line of compact ': : :' (depth)",
      text: fenced(`${": ".repeat(20_000)}x`),
      limit: MAX_FRONTMATTER_DEPTH,
      words: "deeper than 64 levels",
    },
    {
      name: "an indentation staircase (depth)",
      text: fenced(lines(100, (i) => `${" ".repeat(i)}k${i}:`)),
      limit: MAX_FRONTMATTER_DEPTH,
      words: "deeper than 64 levels",
    },
    {
      name: "2,000 plain keys (keys)",
      text: fenced(lines(2_000, (i) => `k${i}: v`)),
      limit: MAX_FRONTMATTER_KEYS,
      words: "more than 1,000 keys",
    },
    {
      name: "2,000 keys of a flow mapping with tags (keys)",
      text: fenced(`a: {${lines(2_000, (i) => `k${i}: !t x,`)}}`),
      limit: MAX_FRONTMATTER_KEYS,
      words: "more than 1,000 keys",
    },
  ])("$name", async ({ text, limit, words }) => {
    const refusal = refusalOf(await readBytes(tgz({ alpha: text })));
    expect(refusal).toMatchObject({ code: "frontmatter-too-large", skill: "alpha", limit });
    expect(refusal.detail).toContain(words);
    expect(message(refusal)).toContain("alpha");
  });

  it("the blocks of one bundle together are held to their total (bundle-bytes)", async () => {
    const skills: Record<string, string> = {};
    const each = 60_000;
    const count = Math.ceil(MAX_BUNDLE_FRONTMATTER_BYTES / each) + 1;
    for (let i = 0; i < count; i++) {
      const name = `s${String(i).padStart(2, "0")}`;
      skills[name] = fenced(`name: ${name}\ndescription: "${"d".repeat(each)}"`);
    }
    const refusal = refusalOf(await readBytes(tgz(skills)));
    expect(refusal).toMatchObject({
      code: "frontmatter-too-large",
      limit: MAX_BUNDLE_FRONTMATTER_BYTES,
    });
    expect(refusal.detail).toContain(
      `${MAX_BUNDLE_FRONTMATTER_BYTES.toLocaleString("en-US")} bytes`,
    );
  });

  it.each([
    [
      "frontmatter nested past the depth bound is refused before it is parsed",
      MAX_FRONTMATTER_DEPTH,
    ],
    ["frontmatter over 65,536 bytes is refused", MAX_FRONTMATTER_BYTES],
    ["frontmatter past the key bound is refused", MAX_FRONTMATTER_KEYS],
  ])("the conformance case '%s' is refused by that bound", async (name, limit) => {
    const c = cases.find((one) => one.name === name);
    if (c === undefined) expect.fail(`no conformance case '${name}'`);
    const refusal = refusalOf(await readBytes(await buildTarGz(c)));
    expect(refusal).toMatchObject({ code: "frontmatter-too-large", skill: "alpha", limit });
  });

  it("a key named too-many, repeated, is a repeated key and not the key bound", async () => {
    const text = fenced("name: alpha\ndescription: d\ntoo-many: a\ntoo-many: b\nlicense: MIT");
    expect(readFrontmatter(text)).toEqual({
      kind: "invalid",
      reason: "its frontmatter is not valid YAML (Map keys must be unique; 'too-many' is repeated)",
    });
    const result = await readBytes(tgz({ alpha: text }));
    expect(warningCodes(result)).toEqual(["invalid-frontmatter"]);
    if (!result.ok) return;
    expect(findingsOf(result.skills[0]!)).toMatchObject([
      {
        code: "ambiguous-frontmatter",
        severity: "refuse",
        line: 5,
        detail: "the key 'too-many' twice",
      },
    ]);
  });

  it("a frontmatter just within every bound is read", async () => {
    const metadata = lines(MAX_FRONTMATTER_KEYS - 3, (i) => `  k${i}: v`);
    const text = fenced(`name: alpha\ndescription: "Does alpha."\nmetadata:\n${metadata}`);
    const result = await readBytes(tgz({ alpha: text }));
    expect(warningCodes(result)).toEqual([]);
  });
});

describe("warnings are kept up to 100, the rest counted", () => {
  it("20 skills of 1,000 unknown fields each: 100 warnings and one that counts the rest", async () => {
    const skills: Record<string, string> = {};
    for (let i = 0; i < 20; i++) {
      const name = `s${String(i).padStart(2, "0")}`;
      const extra = lines(MAX_FRONTMATTER_KEYS - 2, (k) => `x${k}: v`);
      skills[name] = fenced(`name: ${name}\ndescription: Does ${name}.\n${extra}`);
    }
    const result = await readBytes(tgz(skills));
    const codes = warningCodes(result);
    expect(codes).toHaveLength(MAX_WARNINGS + 1);
    expect(codes.at(-1)).toBe("more-warnings");
    if (!result.ok) return;
    const left = (20 * (MAX_FRONTMATTER_KEYS - 2) - MAX_WARNINGS).toLocaleString("en-US");
    expect(result.warnings.at(-1)!.message).toContain(`${left} more warnings`);
  });

  it("strict checking counts every warning, kept or not", async () => {
    const extra = lines(500, (k) => `x${k}: v`);
    const text = fenced(`name: alpha\ndescription: Does alpha.\n${extra}`);
    const result = await readBundle(
      { kind: "archive", bytes: tgz({ alpha: text }) },
      { strict: true },
    );
    expect(refusalOf(result)).toMatchObject({ code: "spec-violation", count: 500 });
  });
});

describe("the findings parse no frontmatter the reader does not", () => {
  it("a SKILL.md over the limit with 64,000 '[' in its frontmatter: a warning, and no findings, never a stack overflow", async () => {
    const bytes = await buildTarGz(deepBracketsPastSkillLimit);
    expect(bytes.length).toBeLessThan(4_096);
    const result = await readBytes(bytes);
    expect(warningCodes(result)).toEqual(["skill-file-too-large"]);
    if (!result.ok) return;
    expect(result.skills.flatMap((skill) => findingsOf(skill))).toEqual([]);
    // A caller with the text alone (a stored skill's, say) is held to the same limit.
    const text = result.skills[0]!.files[0]!.text;
    expect(findingsOf({ name: "alpha", files: [{ path: "SKILL.md", text }] })).toEqual([]);
  });

  it("four blocks of the costliest shape: parsed once, by the reader; the findings do no work of their own", async () => {
    const result = await readBytes(await buildTarGz(costliestFrontmatter));
    expect(warningCodes(result)).toEqual(Array(4).fill("invalid-frontmatter"));
    if (!result.ok) return;
    let work = 0;
    for (const skill of result.skills) {
      const file = skill.files.find((one) => one.path === "SKILL.md")!;
      const read = readSkillFrontmatter(file, () => file.text, file.bytes.length, {
        onWork: (units) => (work += units),
      });
      expect(read).toMatchObject({ kind: "read", frontmatter: { kind: "invalid" } });
    }
    expect(work).toBe(0);
    expect(result.skills.flatMap((skill) => findingsOf(skill))).toEqual([]);
    // The destination's identity check and the MCP judgement take the same answer, not a parse of their own.
    for (const skill of result.skills) {
      const file = skill.files.find((one) => one.path === "SKILL.md")!;
      const kept = readSkillFrontmatter(file, () => file.text, file.bytes.length);
      expect(kept.kind === "read" && skillFileFrontmatter(file) === kept.frontmatter).toBe(true);
    }
  });

  it.each([
    ["depth", fenced(`a: ${"[".repeat(60_000)}`)],
    ["keys", fenced(`a: {${lines(2_000, (i) => `k${i}: !t x,`)}}`)],
    ["bytes", fenced(`description: "${"x".repeat(70_000)}"`)],
  ])(
    "a block past the %s bound, read by the findings alone: no findings, no parse",
    (_bound, text) => {
      expect(findingsOf({ name: "alpha", files: [{ path: "SKILL.md", text }] })).toEqual([]);
    },
  );
});
