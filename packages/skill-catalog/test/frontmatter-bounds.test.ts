// Hostile frontmatter in a stored skill, over a real directory: the catalog
// refuses it `invalid-frontmatter` with a reason that names the bound it
// passed, on the first read and on every read after, and a skill read again
// unchanged is judged from what was learned under its digest, not parsed
// again.
import { specWarningsOf } from "@skillshelf/bundle-reader";
import { MAX_SKILL_FILE_BYTES } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { BoundedCache } from "../src/bounded-cache.js";
import { catalog, catalogWithBodies, storedSpecWarnings } from "../src/index.js";
import { knownIdentity } from "../src/known-skills.js";
import { makeRoots, writeSkills } from "./trees.js";

const fenced = (block: string): string => `---\n${block}\n---\n# body\n`;
const lines = (count: number, line: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => line(i)).join("\n");

describe("a stored skill past a frontmatter bound", () => {
  it.each([
    {
      name: "34,800 keys in 253 KiB (bytes)",
      text: fenced(`name: alpha\n${lines(34_800, (i) => `${i.toString(36)}: v`)}`),
      words: "within 65,536 bytes",
    },
    {
      name: "60,000 nested '[' (depth)",
      text: fenced(`name: alpha\na: ${"[".repeat(60_000)}`),
      words: "deeper than 64 levels",
    },
    {
      name: "2,000 keys (keys)",
      text: fenced(`name: alpha\n${lines(2_000, (i) => `k${i}: "v"`)}`),
      words: "more than 1,000 keys",
    },
  ])("$name: refused invalid-frontmatter, on every read", async ({ text, words }) => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_SKILL_FILE_BYTES);
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { alpha: text });
    for (const read of [catalog, catalogWithBodies, catalog]) {
      const found = await read(roots);
      expect(found.skills).toEqual([]);
      expect(found.refused).toMatchObject([{ id: "alpha", code: "invalid-frontmatter" }]);
      expect(found.refused[0]!.reason).toContain(words);
      expect(found.refused[0]!.reason).toContain("cannot be read");
    }
  });

  it("a skill offered twice is the same skill, and its warnings are the reader's", async () => {
    const text = fenced(`name: alpha\ndescription: "Does alpha: well."\nmodel: opus`);
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { alpha: text });
    const first = await catalogWithBodies(roots);
    const again = await catalogWithBodies(roots);
    expect(again.skills).toEqual(first.skills);
    expect(first.skills[0]!.description).toBe("Does alpha: well.");
    const [skill] = first.skills;
    expect(storedSpecWarnings(skill!)).toEqual(specWarningsOf("alpha", text));
    expect(storedSpecWarnings(skill!).map((w) => w.code)).toEqual(["host-specific-field"]);
  });
});

describe("what is learned under a digest", () => {
  it("is judged once per digest and id", () => {
    let judged = 0;
    const judge = () => {
      judged++;
      return { ok: true as const, id: "alpha" };
    };
    const digest = "d".repeat(63) + String(Date.now() % 10);
    knownIdentity(digest, "alpha", judge);
    knownIdentity(digest, "alpha", judge);
    expect(judged).toBe(1);
    knownIdentity(digest, "beta", judge);
    expect(judged).toBe(2);
  });
});

describe("BoundedCache", () => {
  it("forgets the least recently used entry past its count", () => {
    const cache = new BoundedCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it("forgets the oldest entries past its weight, and never holds one heavier than it", () => {
    const cache = new BoundedCache<string>(10, 5, (value) => value.length);
    cache.set("a", "xx");
    cache.set("b", "yy");
    cache.set("c", "zz");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "yy", "zz"]);
    cache.set("d", "toolong");
    expect(cache.get("d")).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it("computes a value it does not hold, once", () => {
    const cache = new BoundedCache<number>(10);
    let made = 0;
    const make = () => ++made;
    expect([cache.through("k", make), cache.through("k", make)]).toEqual([1, 1]);
  });
});
