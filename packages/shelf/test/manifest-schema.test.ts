// The manifest's and the lock's schemas: the committed JSON Schemas are the
// zod schemas' own rendering, shipped in the package, and the lock's bytes
// are a function of its content alone. A source's credentials never reach
// the lock.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  formatLock,
  type Lock,
  lockJsonSchema,
  lockSchema,
  manifestJsonSchema,
  manifestSchema,
} from "../src/index.js";
import { lockedEntryOf } from "../src/resolve-set.js";

const committed = (name: string) =>
  fileURLToPath(new URL(`../schema/${name}.schema.json`, import.meta.url));

describe("the manifest and lock schemas", () => {
  it.each([
    ["manifest", manifestJsonSchema],
    ["lock", lockJsonSchema],
  ])(
    "%s matches the committed JSON Schema (run `pnpm --filter @skillshelf/shelf schema` after a change)",
    async (name, schema) => {
      const text = await readFile(committed(name), "utf8");
      expect(text).toBe(`${JSON.stringify(schema(), null, 2)}\n`);
      const require = createRequire(import.meta.url);
      expect(require.resolve(`@skillshelf/shelf/${name}.schema.json`)).toBe(committed(name));
    },
  );

  it.each([
    [
      "a git source with a ref, a path and skills",
      { skills: [{ source: "github:o/r", ref: "v1", path: "skills", skills: ["pdf"] }] },
      true,
    ],
    ["a folder", { skills: [{ source: "./skills" }] }, true],
    ["no entries", { skills: [] }, true],
    ["an entry without a source", { skills: [{ ref: "main" }] }, false],
    ["an unknown key", { skills: [{ source: "x", branch: "main" }] }, false],
    ["an empty ref", { skills: [{ source: "x", ref: "" }] }, false],
    ["no skills key", {}, false],
    ["accepted finding codes", { skills: [{ source: "x", accept: ["hidden-text"] }] }, true],
    [
      "an accepted code that is not a finding's",
      { skills: [{ source: "x", accept: ["all"] }] },
      false,
    ],
    ["accept as a string", { skills: [{ source: "x", accept: "hidden-text" }] }, false],
  ])("the manifest schema takes %s: %s", (_, value, valid) => {
    expect(manifestSchema.safeParse(value).success).toBe(valid);
  });

  it("formats a lock the same whatever order it was built in, and the result parses", () => {
    const tree = "a".repeat(64);
    const skill = (id: string) => ({ id, source: "github:o/r", commit: "b".repeat(40), tree });
    const lock: Lock = {
      lockVersion: 1,
      revision: "c".repeat(64),
      sources: [{ source: "github:o/r", commit: "b".repeat(40), ids: ["beta", "alpha"] }],
      skills: [skill("beta"), skill("alpha")],
    };
    const text = formatLock(lock);
    expect(formatLock({ ...lock, skills: [skill("alpha"), skill("beta")] })).toBe(text);
    expect(text.endsWith("}\n")).toBe(true);
    expect(lockSchema.safeParse(JSON.parse(text)).success).toBe(true);
    expect(JSON.parse(text).skills.map((s: { id: string }) => s.id)).toEqual(["alpha", "beta"]);
  });

  it.each([
    [
      "git+https://user:token@example.com/o/r.git#main",
      { source: "git+https://example.com/o/r.git", ref: "main" },
    ],
    ["git+https://example.com/o/r.git", { source: "git+https://example.com/o/r.git" }],
    ["github:o/r#v1", { source: "github:o/r", ref: "v1" }],
    ["./skills", { source: "./skills" }],
  ])("keeps %s in the lock as %o", (source, locked) => {
    expect(lockedEntryOf({ source })).toEqual(locked);
  });

  it("keeps an entry's accepted codes out of the lock: they are the manifest's policy, not what the sources gave", () => {
    expect(lockedEntryOf({ source: "./skills", accept: ["hidden-text"] })).toEqual({
      source: "./skills",
    });
  });
});
