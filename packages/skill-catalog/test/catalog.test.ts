// The seed's catalog tests in their TypeScript form, and the rules around
// them: one namespace over two roots, identity by title, revisions that
// ignore refusals and follow edits, and missing roots.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  catalog,
  catalogReport,
  catalogWithBodies,
  load,
  revision,
  revisionOf,
} from "../src/index.js";
import { directoryRoots, makeRoots, makeTempDir, skillText, writeSkills } from "./trees.js";

describe("catalog (seed tests)", () => {
  it("refuses an id defined in both roots, in both, and offers neither", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { twice: skillText("twice"), solo: skillText("solo") });
    await writeSkills(roots.managedDir, { twice: skillText("twice", "other body\n") });
    const result = await catalog(roots);
    expect(result.skills.map((s) => s.id)).toEqual(["solo"]);
    const builtinDir = join(roots.builtin, "twice");
    const managedDir = join(roots.managedDir, "twice");
    expect(result.refused).toEqual([
      {
        id: "twice",
        code: "defined-twice",
        skill: "twice",
        path: builtinDir,
        other: managedDir,
        reason: `The skill 'twice' is defined twice: builtin at ${builtinDir}, and managed at ${managedDir}; the order of the roots is never precedence, so remove or rename one of them.`,
      },
    ]);
    // load names the same reason, field for field, as the catalog.
    const loaded = await load(roots, "twice");
    expect(loaded).toEqual({ ok: false, refusal: result.refused[0] });
  });

  it("refuses a skill whose title disagrees with its directory", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { alpha: skillText("beta") });
    const result = await catalog(roots);
    expect(result.skills).toEqual([]);
    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]).toMatchObject({
      id: "alpha",
      code: "identity-mismatch",
      origin: "builtin",
    });
    expect(result.refused[0]!.reason).toContain("'beta'");
  });

  it("loads the bytes on disk now, not those seen by an earlier catalog", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { alpha: skillText("alpha", "first\n") });
    const before = await catalog(roots);
    const edited = skillText("alpha", "second, longer body\n");
    await writeFile(join(roots.builtin, "alpha", "SKILL.md"), edited);
    const loaded = await load(roots, "alpha");
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.skill.text).toBe(edited);
    expect(loaded.skill.bytes).toBe(Buffer.byteLength(edited));
    expect(loaded.skill.digest).not.toBe(before.skills[0]!.digest);
    expect(loaded.skill.digest).toBe((await catalog(roots)).skills[0]!.digest);
  });

  it("keeps the revision through refusals and moves it with every edit", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { alpha: skillText("alpha") });
    const first = await revision(roots);
    await writeSkills(roots.builtin, {
      broken: skillText("not-broken"),
      "Bad Name": skillText("Bad Name"),
    });
    await writeSkills(roots.managedDir, { alpha: skillText("alpha") });
    await rm(join(roots.managedDir, "alpha"), { recursive: true });
    expect(await revision(roots)).toBe(first);
    await writeFile(join(roots.builtin, "alpha", "SKILL.md"), skillText("alpha", "edited\n"));
    const second = await revision(roots);
    expect(second).not.toBe(first);
    await writeFile(join(roots.builtin, "alpha", "SKILL.md"), skillText("alpha"));
    expect(await revision(roots)).toBe(first);
  });

  it("treats a missing root as no skills", async () => {
    const dir = await makeTempDir();
    const roots = directoryRoots(join(dir, "nowhere"), join(dir, "nor-here"));
    expect(await catalog(roots)).toEqual({ skills: [], refused: [], revision: revisionOf([]) });
    expect(revisionOf([])).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("keeps the revision's input the same bytes, whatever order the skills come in", () => {
    // (u64 BE length, id, u64 BE length, digest) per skill in id order: a
    // revision recorded elsewhere must still name the same set.
    const skills = [
      { id: "release-notes", digest: "cd".repeat(32) },
      { id: "pdf-tools", digest: "ab".repeat(32) },
    ];
    const expected = "a383d829b72780c55463cc5e357322ef531e4609b8671cf7c56e99634434c234";
    expect(revisionOf(skills)).toBe(expected);
    expect(revisionOf([...skills].reverse())).toBe(expected);
  });
});

describe("catalog", () => {
  it("offers both roots in one id order, ignoring dot-directories and folders without SKILL.md", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { zeta: skillText("zeta"), ".hidden": skillText(".hidden") });
    await writeSkills(roots.managedDir, { alpha: skillText("alpha"), ".staging": skillText("x") });
    await mkdir(join(roots.builtin, "notes"), { recursive: true });
    await writeFile(join(roots.builtin, "notes", "README.md"), "# notes\n");
    await writeFile(join(roots.builtin, "loose.md"), "# loose\n");
    const result = await catalog(roots);
    expect(result.skills.map((s) => [s.id, s.origin])).toEqual([
      ["alpha", "managed"],
      ["zeta", "builtin"],
    ]);
    expect(result.refused).toEqual([]);
    expect(result.skills[0]!.path).toBe(join(roots.managedDir, "alpha", "SKILL.md"));
  });

  it("computes the revision from ids and digests with length prefixes", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { b: skillText("b"), a: skillText("a") });
    const result = await catalogWithBodies(roots);
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256");
    for (const skill of result.skills) {
      for (const part of [skill.id, skill.digest]) {
        const bytes = Buffer.from(part);
        const length = Buffer.alloc(8);
        length.writeBigUInt64BE(BigInt(bytes.length));
        hash.update(length).update(bytes);
      }
      expect(skill.digest).toBe(createHash("sha256").update(skill.text).digest("hex"));
    }
    expect(result.revision).toBe(hash.digest("hex"));
    expect(revisionOf([...result.skills].reverse())).toBe(result.revision);
  });

  it("reports the JSON shapes without bodies", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, {
      alpha: `---\nname: alpha\ndescription: Greets.\n---\nHi\n`,
      beta: skillText("gamma"),
    });
    const found = await catalog(roots);
    expect(found.skills[0]!.description).toBe("Greets.");
    const report = catalogReport(found);
    expect(Object.keys(report.index[0]!)).toEqual([
      "id",
      "origin",
      "path",
      "digest",
      "bytes",
      "description",
    ]);
    expect(report.index[0]!.description).toBe("Greets.");
    expect(report.refused).toEqual([
      { id: "beta", code: "identity-mismatch", reason: found.refused[0]!.reason },
    ]);
    expect(report.revision).toBe(found.revision);
  });
});
