import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { payloadJsonSchema, payloadSchema } from "../src/schema.js";

const committed = fileURLToPath(new URL("../schema/payload.schema.json", import.meta.url));
const hex = (c: string): string => c.repeat(64);

const valid = {
  revision: hex("a"),
  roots: { builtin: "/w/skills", managed: null },
  skills: [
    {
      id: "alpha",
      origin: "builtin",
      path: "/w/skills/alpha/SKILL.md",
      digest: hex("b"),
      text: "# alpha\n",
      treeDigest: hex("c"),
      files: [{ path: "SKILL.md", size: 8, sha256: hex("b"), executable: false }],
    },
  ],
  refused: [{ id: "Bad_Name", code: "invalid-id", reason: "not an id" }],
};

describe("the payload schema", () => {
  it("matches the committed JSON Schema (run `pnpm --filter @skillshelf/payload schema` after a change)", async () => {
    const text = await readFile(committed, "utf8");
    expect(JSON.parse(text)).toEqual(payloadJsonSchema());
    expect(text).toBe(`${JSON.stringify(payloadJsonSchema(), null, 2)}\n`);
  });

  it("is shipped as @skillshelf/payload/schema.json", () => {
    const require = createRequire(import.meta.url);
    expect(require.resolve("@skillshelf/payload/schema.json")).toBe(committed);
  });

  it("closes every object and pins digests to SHA-256 hex", () => {
    const schema = payloadJsonSchema() as {
      additionalProperties: boolean;
      properties: Record<string, { pattern?: string; items?: { additionalProperties: boolean } }>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.revision?.pattern).toBe("^[0-9a-f]{64}$");
    expect(schema.properties.skills?.items?.additionalProperties).toBe(false);
    expect(schema.properties.refused?.items?.additionalProperties).toBe(false);
  });

  it.each([
    ["a valid payload", valid, true],
    [
      "a managed root given as a path",
      { ...valid, roots: { builtin: "/w", managed: "/d/skills" } },
      true,
    ],
    ["a missing managed root key", { ...valid, roots: { builtin: "/w" } }, false],
    ["an upper-case digest", { ...valid, revision: hex("A") }, false],
    ["a short digest", { ...valid, revision: "abc" }, false],
    ["an unknown origin", { ...valid, skills: [{ ...valid.skills[0], origin: "x" }] }, false],
    ["an invalid offered id", { ...valid, skills: [{ ...valid.skills[0], id: "Alpha" }] }, false],
    ["a body that is not text", { ...valid, skills: [{ ...valid.skills[0], text: 1 }] }, false],
    ["an extra field", { ...valid, signature: "x" }, false],
    [
      "a refusal code that is not a code",
      { ...valid, refused: [{ ...valid.refused[0], code: "Bad Code" }] },
      false,
    ],
  ])("%s: accepted %s", (_name, value, accepted) => {
    expect(payloadSchema.safeParse(value).success).toBe(accepted);
  });
});
