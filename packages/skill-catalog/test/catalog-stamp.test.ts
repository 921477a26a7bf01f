// The catalog's stamp (catalog-stamp.ts): equal while no SKILL.md of either
// root changed, different after any edit, addition or removal (an edit that
// keeps the size and puts the modification time back included), and not
// given while a SKILL.md changed within RACY_MS of the moment it is taken.
// `now` is handed in as a later moment, so the files just written count as
// old without the test waiting.
import { mkdir, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogStamp, RACY_MS } from "../src/index.js";
import { type DirectoryRoots, makeRoots, skillText, writeSkills } from "./trees.js";

/** A moment after which every file written so far is older than RACY_MS. */
const later = (): number => Date.now() + RACY_MS + 1_000;

async function rootsWithSkills(): Promise<DirectoryRoots> {
  const roots = await makeRoots();
  await writeSkills(roots.builtin, { local: skillText("local") });
  await writeSkills(roots.managedDir, { alpha: skillText("alpha"), beta: skillText("beta") });
  return roots;
}

const cases: { name: string; change: (roots: DirectoryRoots) => Promise<void> }[] = [
  {
    name: "a managed SKILL.md rewritten to the same size, its modification time put back",
    change: async (roots) => {
      const path = join(roots.managedDir, "alpha", "SKILL.md");
      const { atime, mtime } = await stat(path);
      const edited = skillText("alpha", "What ALPHA does.\n");
      expect(edited.length).toBe(skillText("alpha").length);
      await writeFile(path, edited);
      await utimes(path, atime, mtime);
    },
  },
  {
    name: "a builtin SKILL.md edited",
    change: (roots) => writeFile(join(roots.builtin, "local", "SKILL.md"), skillText("local", "x")),
  },
  {
    name: "a skill added",
    change: async (roots) => {
      writeSkills(roots.managedDir, { gamma: skillText("gamma") });
    },
  },
  {
    name: "a skill removed",
    change: (roots) => rm(join(roots.managedDir, "beta"), { recursive: true }),
  },
  {
    name: "a SKILL.md removed from its directory",
    change: (roots) => rm(join(roots.builtin, "local", "SKILL.md")),
  },
  {
    name: "a linked entry gaining a SKILL.md",
    change: async (roots) => {
      const target = join(roots.builtin, "..", "elsewhere");
      await mkdir(target, { recursive: true });
      await symlink(target, join(roots.builtin, "linked"));
      const before = await catalogStamp(roots, later());
      await writeFile(join(target, "SKILL.md"), skillText("linked"));
      expect(await catalogStamp(roots, later())).not.toBe(before);
    },
  },
];

describe("catalogStamp", () => {
  it("is the same while no SKILL.md changed", async () => {
    const roots = await rootsWithSkills();
    const first = await catalogStamp(roots, later());
    expect(first).toEqual(expect.any(String));
    await writeFile(join(roots.managedDir, "alpha", "NOTES.md"), "not a SKILL.md\n");
    expect(await catalogStamp(roots, later())).toBe(first);
  });

  it.each(cases)("changes with $name", async ({ change }) => {
    const roots = await rootsWithSkills();
    const before = await catalogStamp(roots, later());
    await change(roots);
    const after = await catalogStamp(roots, later());
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
  });

  it("is not given while a SKILL.md changed within RACY_MS", async () => {
    const roots = await rootsWithSkills();
    expect(await catalogStamp(roots, Date.now())).toBeUndefined();
    expect(await catalogStamp(roots, later())).toEqual(expect.any(String));
  });

  it("is not given over a managed store that cannot stamp", async () => {
    const roots = await rootsWithSkills();
    const unstamped = new Proxy(roots.managed, {
      get: (store, key) => (key === "stamp" ? undefined : Reflect.get(store, key)),
    });
    expect(await catalogStamp({ builtin: roots.builtin, managed: unstamped }, later())).toBe(
      undefined,
    );
  });
});
