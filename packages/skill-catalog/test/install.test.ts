// The destination on real directories: validation before any write, check
// agreeing with install, replace swapping a skill wholly, exact file modes,
// and the refusals a surface turns into sentences.
import { readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Skill } from "@skillshelf/bundle-reader";
import { MAX_SKILL_FILE_BYTES, message } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { catalog, check, install, load } from "../src/index.js";
import {
  bundleSkill,
  type DirectoryRoots,
  directoryRoots,
  makeRoots,
  makeTempDir,
  namesIn,
  readTree,
  skillText,
  writeSkills,
} from "./trees.js";

const simple = (id: string, body?: string): Skill =>
  bundleSkill(id, { "SKILL.md": skillText(id, body) });

type Case = { name: string; skills: Skill[]; replace?: boolean; code?: string };

const cases: Case[] = [
  { name: "one new skill", skills: [simple("fresh")] },
  { name: "several new skills", skills: [simple("one"), simple("two"), simple("three")] },
  {
    name: "an invalid id",
    skills: [simple("fine"), bundleSkill("Not_Valid", { "SKILL.md": "# Not_Valid\n" })],
    code: "invalid-id",
  },
  {
    name: "a title naming another id",
    skills: [bundleSkill("alpha-x", { "SKILL.md": "# beta\n" })],
    code: "identity-mismatch",
  },
  {
    // The code the catalog gives the same SKILL.md once stored: one rule, in one order.
    name: "invalid frontmatter",
    skills: [bundleSkill("fm", { "SKILL.md": "---\nname: [fm\n---\n" })],
    code: "invalid-frontmatter",
  },
  {
    name: "frontmatter identity",
    skills: [bundleSkill("fm", { "SKILL.md": "---\nname: fm\n---\nbody\n" })],
  },
  {
    name: "no SKILL.md",
    skills: [bundleSkill("bare", { "README.md": "# bare\n" })],
    code: "identity-mismatch",
  },
  {
    name: "a SKILL.md over the cap",
    skills: [bundleSkill("big", { "SKILL.md": `# big\n${"x".repeat(MAX_SKILL_FILE_BYTES)}` })],
    code: "skill-file-too-large",
  },
  {
    name: "a name used twice in the bundle",
    skills: [simple("dup"), simple("dup")],
    code: "already-defined",
  },
  { name: "a builtin id", skills: [simple("shipped")], code: "already-defined" },
  {
    name: "a builtin id even with replace",
    skills: [simple("shipped")],
    replace: true,
    code: "already-defined",
  },
  { name: "a managed id", skills: [simple("mine")], code: "already-defined" },
  { name: "a managed id with replace", skills: [simple("mine", "new\n")], replace: true },
  {
    name: "a path climbing out",
    skills: [bundleSkill("esc", { "SKILL.md": "# esc\n", "../../evil": "x" })],
    code: "unsafe-path",
  },
  {
    name: "a name Windows reserves",
    skills: [bundleSkill("con", { "SKILL.md": "# con\n", CON: "x" })],
    code: "unsafe-path",
  },
  {
    name: "a stream prefix",
    skills: [bundleSkill("ads", { "SKILL.md": "# ads\n", "notes.md:hidden": "x" })],
    code: "unsafe-path",
  },
  {
    name: "two names one file system stores as one",
    skills: [bundleSkill("twins", { "SKILL.md": "# twins\n", "Notes.md": "a", "notes.md": "b" })],
    code: "duplicate-path",
  },
  {
    name: "a path both a file and a directory",
    skills: [bundleSkill("both", { "SKILL.md": "# both\n", a: "file", "a/b.md": "below" })],
    code: "file-and-directory",
  },
  {
    name: "a file that is not UTF-8",
    skills: [
      bundleSkill("sur", {
        "SKILL.md": "# sur\n",
        "notes.md": Uint8Array.from([0x68, 0x69, 0xed, 0xa0, 0x80, 0x0a]),
      }),
    ],
    code: "not-utf8",
  },
];

async function seededRoots(): Promise<DirectoryRoots> {
  const roots = await makeRoots();
  await writeSkills(roots.builtin, { shipped: skillText("shipped") });
  await writeSkills(roots.managedDir, { mine: skillText("mine", "old\n") });
  return roots;
}

describe("install and check", () => {
  it.each(cases)("agree on $name", async ({ skills, replace, code }) => {
    const roots = await seededRoots();
    const before = await catalog(roots);
    const checked = await check(roots, skills, { replace });
    expect(await catalog(roots)).toEqual(before);
    const installed = await install(roots, skills, { replace });
    expect(installed).toEqual(checked);
    if (code === undefined) {
      expect(installed.ok).toBe(true);
      const after = await catalog(roots);
      expect(after.refused).toEqual([]);
      for (const skill of skills) {
        const loaded = await load(roots, skill.name);
        const entry = installed.ok
          ? installed.installed.find((i) => i.id === skill.name)
          : undefined;
        expect(loaded).toMatchObject({
          ok: true,
          skill: { digest: entry?.digest, path: entry?.path },
        });
      }
    } else {
      expect(installed).toMatchObject({ ok: false, refusal: { code } });
      if (!installed.ok) expect(message(installed.refusal)).toMatch(/\.$/);
      expect(await catalog(roots)).toEqual(before);
      expect((await namesIn(roots.managedDir)).filter((n) => !n.startsWith("."))).toEqual(["mine"]);
      expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
    }
  });

  it("writes nothing at all when any skill fails, not even the managed root", async () => {
    const roots = await makeRoots();
    const result = await install(roots, [
      simple("good"),
      bundleSkill("bad", { "SKILL.md": "# good\n" }),
    ]);
    expect(result).toMatchObject({
      ok: false,
      refusal: { code: "identity-mismatch", skill: "bad" },
    });
    await expect(stat(roots.managedDir)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("writes nothing when a root refuses, not even the managed root", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { shipped: skillText("shipped") });
    const result = await install(roots, [simple("new-one"), simple("shipped")]);
    expect(result).toMatchObject({
      ok: false,
      refusal: { code: "already-defined", skill: "shipped", other: join(roots.builtin, "shipped") },
    });
    await expect(stat(roots.managedDir)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("names every skill already defined, builtin and managed, not only the first", async () => {
    const roots = await seededRoots();
    const result = await install(roots, [simple("shipped"), simple("new-one"), simple("mine")]);
    const clashes = [
      { skill: "shipped", other: join(roots.builtin, "shipped"), origin: "builtin" as const },
      { skill: "mine", other: join(roots.managedDir, "mine"), origin: "managed" as const },
    ];
    expect(result).toEqual({
      ok: false,
      refusal: { code: "already-defined", ...clashes[0], clashes },
    });
    expect(await check(roots, [simple("shipped"), simple("new-one"), simple("mine")])).toEqual(
      result,
    );
    if (!result.ok) {
      expect(message(result.refusal)).toBe(
        `The skills 'shipped' (at ${clashes[0]!.other}), 'mine' (at ${clashes[1]!.other}) are already defined; install with the option replace: true to overwrite managed skills, or rename them.`,
      );
      expect(message(result.refusal, "http")).toBe(
        "The skills 'shipped' (in the builtin root), 'mine' (in the managed store) are already defined; import with replace=1 to overwrite managed skills, or rename them.",
      );
    }
  });

  it("creates the managed root on first install", async () => {
    const roots = await makeRoots();
    const result = await install(roots, [simple("first")]);
    expect(result).toMatchObject({ ok: true, installed: [{ id: "first", replaced: false }] });
    expect(await namesIn(roots.managedDir)).toContain("first");
  });

  it("replaces a skill wholly: no file of the old version survives", async () => {
    const roots = await makeRoots();
    const old = bundleSkill("swap", {
      "SKILL.md": skillText("swap", "old\n"),
      "refs/old.md": "old extra",
      "keep.md": "v1",
    });
    const fresh = bundleSkill(
      "swap",
      { "SKILL.md": skillText("swap", "new\n"), "keep.md": "v2", "bin/run": "#!/bin/sh\n" },
      ["bin/run"],
    );
    expect(await install(roots, [old])).toMatchObject({ ok: true });
    expect(await install(roots, [fresh], { replace: true })).toMatchObject({
      ok: true,
      installed: [{ id: "swap", replaced: true }],
    });
    const tree = await readTree(join(roots.managedDir, "swap"));
    expect(Object.keys(tree).sort()).toEqual(["SKILL.md", "bin/run", "keep.md"]);
    expect(tree["keep.md"]!.text).toBe("v2");
    expect(await readdir(roots.managedDir)).not.toContain("refs");
    expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
  });

  it("writes files 0644, executables 0755, directories 0755, and no other mode", async () => {
    const roots = await makeRoots();
    const skill = bundleSkill(
      "modes",
      {
        "SKILL.md": skillText("modes"),
        "scripts/run.sh": "#!/bin/sh\necho\n",
        "docs/deep/note.md": "note",
      },
      ["scripts/run.sh"],
    );
    const previous = process.umask(0o077);
    try {
      expect(await install(roots, [skill])).toMatchObject({ ok: true });
    } finally {
      process.umask(previous);
    }
    const tree = await readTree(join(roots.managedDir, "modes"));
    expect(
      Object.fromEntries(Object.entries(tree).map(([path, { mode }]) => [path, mode.toString(8)])),
    ).toEqual({
      "SKILL.md": "644",
      "docs/deep/note.md": "644",
      "scripts/run.sh": "755",
    });
    for (const dir of ["", "docs", "docs/deep", "scripts"]) {
      expect(((await stat(join(roots.managedDir, "modes", dir))).mode & 0o7777).toString(8)).toBe(
        "755",
      );
    }
  });

  it("refuses without a managed root", async () => {
    const dir = await makeTempDir();
    const roots = { builtin: join(dir, "skills") };
    const expected = { ok: false, refusal: { code: "no-managed-root" } };
    expect(await install(roots, [simple("x")])).toMatchObject(expected);
    expect(await check(roots, [simple("x")])).toMatchObject(expected);
  });

  it("answers store-failed when the managed root cannot be created, and writes nothing", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, "data"), "a file where a directory should be");
    const roots = directoryRoots(join(dir, "ws", "skills"), join(dir, "data", "skills"));
    const result = await install(roots, [simple("x")]);
    expect(result).toMatchObject({ ok: false, refusal: { code: "store-failed" } });
    if (!result.ok) expect(message(result.refusal)).toContain("could not be written");
    // A dry run finds it too: it proves the store writable.
    expect(await check(roots, [simple("x")])).toMatchObject({
      ok: false,
      refusal: { code: "store-failed" },
    });
  });
});
