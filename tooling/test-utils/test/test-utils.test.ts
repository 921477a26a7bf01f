// The shared helpers do what the tests that lean on them assume: trees are
// written as stated, temporary directories are gone once their test ends,
// and the call counter sees calls made through the ES module bindings and
// leaves the modules as it found them.
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync } from "node:fs";
import * as fsp from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  countCalls,
  makeTempDir,
  skillText,
  startSwapLoop,
  totalCalls,
  writeSkills,
  writeTree,
} from "../src/index.js";

describe("trees", () => {
  it("writes each path's text or bytes below the root, making directories", () => {
    const root = writeTree(makeTempDir(), { "a/b/c.md": "text", "d.bin": Uint8Array.of(0, 255) });
    expect(readFileSync(join(root, "a/b/c.md"), "utf8")).toBe("text");
    expect([...readFileSync(join(root, "d.bin"))]).toEqual([0, 255]);
  });

  it("writes one SKILL.md per directory, titled by the id", () => {
    const root = writeSkills(join(makeTempDir(), "skills"), { alpha: skillText("alpha") });
    expect(readFileSync(join(root, "alpha", "SKILL.md"), "utf8")).toBe(
      "# alpha\n\nWhat alpha does.\n",
    );
  });
});

describe("makeTempDir", () => {
  let previous = "";
  it("gives a fresh directory", () => {
    previous = makeTempDir("skillshelf-utils-");
    expect(statSync(previous).isDirectory()).toBe(true);
  });

  it("removed the previous test's directory when that test finished", () => {
    expect(previous).not.toBe("");
    expect(existsSync(previous)).toBe(false);
  });
});

describe("countCalls", () => {
  it("counts calls through the module bindings and restores them afterwards", async () => {
    const dir = writeTree(makeTempDir(), { "x.md": "x" });
    const original = fsp.readFile;
    const counts = await countCalls(async () => {
      await fsp.readFile(join(dir, "x.md"));
      await fsp.readFile(join(dir, "x.md"));
      await fsp.lstat(dir);
    });
    expect(counts).toEqual({ "fs/promises.readFile": 2, "fs/promises.lstat": 1 });
    expect(totalCalls(counts)).toBe(3);
    expect(fsp.readFile).toBe(original);
  });

  it("counts only what it is told to watch", async () => {
    const dir = writeTree(makeTempDir(), { "x.md": "x" });
    const counts = await countCalls(
      async () => {
        await fsp.readFile(join(dir, "x.md"));
        await fsp.lstat(dir);
      },
      { "node:fs/promises": ["lstat"] },
    );
    expect(counts).toEqual({ "fs/promises.lstat": 1 });
  });
});

describe("startSwapLoop", () => {
  it.each([
    ["exchange", false],
    ["renames", true],
  ] as const)(
    "%s: the path is seen as the directory and as the link (missing: %s)",
    async (way, canMiss) => {
      const dir = makeTempDir();
      mkdirSync(join(dir, "target"));
      mkdirSync(join(dir, "outside"));
      const loop = await startSwapLoop(
        [{ target: join(dir, "target"), outside: join(dir, "outside") }],
        join(dir, "stash"),
        { way },
      );
      const seen = new Set<string>();
      try {
        for (let i = 0; i < 20_000 && seen.size < (canMiss ? 3 : 2); i++) {
          try {
            seen.add(lstatSync(join(dir, "target")).isSymbolicLink() ? "link" : "directory");
          } catch {
            seen.add("missing");
          }
          if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        expect(await loop.stop()).toBeGreaterThan(0);
      }
      expect(seen.has("link")).toBe(true);
      expect(seen.has("directory")).toBe(true);
      if (!canMiss) expect(seen.has("missing")).toBe(false);
      // The loop leaves the real directory in place.
      expect(lstatSync(join(dir, "target")).isDirectory()).toBe(true);
    },
  );
});
