// Which id a SKILL.md declares, by title or by Agent Skills frontmatter, and
// the id rule, each as a table over real catalogs.

import { isValidId } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { catalog, catalogWithBodies } from "../src/index.js";
import { makeRoots, writeSkills } from "./trees.js";

type Case = {
  name: string;
  dir: string;
  text: string;
  code?: string;
  reason?: string;
  description?: string;
};

const cases: Case[] = [
  { name: "title", dir: "alpha", text: "# alpha\nbody\n" },
  { name: "title after blank lines", dir: "alpha", text: "\n  \n# alpha\n" },
  { name: "title with CRLF endings", dir: "alpha", text: "# alpha\r\nbody\r\n" },
  { name: "title behind a UTF-8 BOM", dir: "alpha", text: "\uFEFF# alpha\n" },
  {
    name: "second-level heading is no title",
    dir: "alpha",
    text: "## alpha\n",
    code: "identity-mismatch",
    reason: "declares no id",
  },
  {
    name: "title not on the first non-empty line",
    dir: "alpha",
    text: "intro\n# alpha\n",
    code: "identity-mismatch",
  },
  {
    name: "title naming another id",
    dir: "alpha",
    text: "# beta\n",
    code: "identity-mismatch",
    reason: "'beta'",
  },
  { name: "empty file", dir: "alpha", text: "", code: "identity-mismatch" },
  {
    name: "frontmatter name",
    dir: "alpha",
    text: "---\nname: alpha\ndescription: Says hi.\n---\n# Something else\n",
    description: "Says hi.",
  },
  { name: "frontmatter behind a BOM", dir: "alpha", text: "\uFEFF---\nname: alpha\n---\n" },
  { name: "frontmatter with CRLF", dir: "alpha", text: "---\r\nname: alpha\r\n---\r\nbody\r\n" },
  { name: "frontmatter quoted name", dir: "alpha", text: '---\nname: "alpha"\n---\n' },
  {
    name: "frontmatter numeric-looking name stays a string",
    dir: "007",
    text: "---\nname: 007\n---\n",
  },
  {
    name: "frontmatter name mismatch",
    dir: "alpha",
    text: "---\nname: beta\n---\n# alpha\n",
    code: "identity-mismatch",
    reason: "'beta'",
  },
  {
    name: "frontmatter without name",
    dir: "alpha",
    text: "---\ndescription: x\n---\n# alpha\n",
    code: "identity-mismatch",
    reason: "no 'name'",
  },
  {
    name: "frontmatter invalid YAML",
    dir: "alpha",
    text: "---\nname: [alpha\n---\n",
    code: "invalid-frontmatter",
    reason: "not valid YAML",
  },
  {
    name: "frontmatter duplicate keys",
    dir: "alpha",
    text: "---\nname: alpha\nname: alpha\n---\n",
    code: "invalid-frontmatter",
    reason: "not valid YAML",
  },
  {
    name: "frontmatter never closed",
    dir: "alpha",
    text: "---\nname: alpha\n",
    code: "invalid-frontmatter",
    reason: "never closed",
  },
  {
    name: "frontmatter that is a list",
    dir: "alpha",
    text: "---\n- alpha\n---\n",
    code: "invalid-frontmatter",
    reason: "mapping",
  },
  { name: "fields in the body are not fields", dir: "alpha", text: "# alpha\nname: beta\n" },
];

describe("identity", () => {
  it.each(cases)("$name", async ({ dir, text, code, reason, description }) => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { [dir]: text });
    const result = await catalog(roots);
    if (code === undefined) {
      expect(result.refused).toEqual([]);
      expect(result.skills).toMatchObject([{ id: dir, bytes: Buffer.byteLength(text) }]);
      expect(result.skills[0]!.description).toBe(description);
    } else {
      expect(result.skills).toEqual([]);
      expect(result.refused).toMatchObject([{ id: dir, code }]);
      if (reason !== undefined) expect(result.refused[0]!.reason).toContain(reason);
    }
  });
});

const ids: [string, boolean][] = [
  ["a", true],
  ["abc-123", true],
  ["0", true],
  ["a".repeat(64), true],
  ["a".repeat(65), false],
  ["", false],
  ["-a", false],
  ["a-", false],
  ["a--b", false],
  ["A", false],
  ["a_b", false],
  ["a.b", false],
  ["a b", false],
  ["é", false],
  ["../x", false],
];

describe("id rule", () => {
  it.each(ids)("%j is valid: %s", async (id, valid) => {
    expect(isValidId(id)).toBe(valid);
  });

  it.each(ids.filter(([id]) => id !== "" && !id.includes("/")))(
    "a directory named %j is offered only when valid (%s)",
    async (id, valid) => {
      const roots = await makeRoots();
      await writeSkills(roots.builtin, { [id]: `# ${id}\n` });
      const result = await catalog(roots);
      if (valid) expect(result.skills.map((s) => s.id)).toEqual([id]);
      else expect(result.refused).toMatchObject([{ id, code: "invalid-id" }]);
    },
  );
});

// catalog() decodes only a SKILL.md's opening where that decides its identity
// (catalogWithBodies decodes it whole): both must judge every text alike.
const body = `${"λόγος 🙂 データ text\n".repeat(60)}`;
const long: Case[] = [
  ...cases.map((c) => ({ ...c, name: `${c.name}, then a long body`, text: `${c.text}${body}` })),
  {
    name: "title after 600 blank lines",
    dir: "alpha",
    text: `${"\n".repeat(600)}# alpha\n${body}`,
  },
  {
    name: "frontmatter block running past the opening",
    dir: "alpha",
    text: `---\nname: alpha\ndescription: ${"d".repeat(700)}\n---\n${body}`,
    description: "d".repeat(700),
  },
  {
    name: "frontmatter naming another id past the opening",
    dir: "alpha",
    text: `---\n${Array.from({ length: 80 }, (_, i) => `note${i}: n\n`).join("")}name: beta\n---\n${body}`,
    code: "identity-mismatch",
    reason: "'beta'",
  },
  {
    name: "frontmatter never closed, longer than the opening",
    dir: "alpha",
    text: `---\nname: alpha\n${"key: value\n".repeat(100)}`,
    code: "invalid-frontmatter",
    reason: "never closed",
  },
  {
    name: "a multi-byte character across the opening's end",
    dir: "alpha",
    text: `# alpha\n${"日本語".repeat(200)}\n`,
  },
  {
    name: "no line ending in the opening",
    dir: "alpha",
    text: `${"#".repeat(700)}\n# alpha\n`,
    code: "identity-mismatch",
  },
];

describe("identity of a long SKILL.md", () => {
  it.each(long)("$name", async ({ dir, text, code, reason, description }) => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { [dir]: text });
    const result = await catalog(roots);
    const whole = await catalogWithBodies(roots);
    expect(result).toEqual({
      ...whole,
      skills: whole.skills.map(({ text: _text, ...skill }) => skill),
    });
    if (code === undefined) {
      expect(result.skills).toMatchObject([{ id: dir, bytes: Buffer.byteLength(text) }]);
      expect(result.skills[0]!.description).toBe(description);
      expect(whole.skills[0]!.text).toBe(text);
    } else {
      expect(result.refused).toMatchObject([{ id: dir, code }]);
      if (reason !== undefined) expect(result.refused[0]!.reason).toContain(reason);
    }
  });
});
