// What the catalog refuses about the files themselves: links, size, bytes
// that are not UTF-8, and a SKILL.md that is not a file.
import { mkdir, symlink, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MAX_SKILL_FILE_BYTES } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { catalog, load } from "../src/index.js";
import { makeRoots, makeTempDir, skillText, writeSkills } from "./trees.js";

const sized = (id: string, bytes: number): string => {
  const head = `# ${id}\n\n`;
  return head + "x".repeat(bytes - head.length);
};

describe("entries", () => {
  it("refuses a symlinked skill directory", async () => {
    const roots = await makeRoots();
    const elsewhere = await makeTempDir();
    await writeSkills(elsewhere, { alpha: skillText("alpha") });
    await mkdir(roots.builtin, { recursive: true });
    await symlink(join(elsewhere, "alpha"), join(roots.builtin, "alpha"));
    await symlink(join(elsewhere, "nothing"), join(roots.builtin, "dangling"));
    const result = await catalog(roots);
    expect(result.skills).toEqual([]);
    expect(result.refused).toMatchObject([{ id: "alpha", code: "link" }]);
    expect(await load(roots, "alpha")).toMatchObject({ ok: false, refusal: { code: "link" } });
    expect(await load(roots, "dangling")).toMatchObject({
      ok: false,
      refusal: { code: "unknown-skill" },
    });
  });

  it("refuses a symlinked SKILL.md", async () => {
    const roots = await makeRoots();
    const elsewhere = await makeTempDir();
    await writeFile(join(elsewhere, "SKILL.md"), skillText("alpha"));
    await mkdir(join(roots.builtin, "alpha"), { recursive: true });
    await symlink(join(elsewhere, "SKILL.md"), join(roots.builtin, "alpha", "SKILL.md"));
    expect((await catalog(roots)).refused).toMatchObject([{ id: "alpha", code: "link" }]);
    expect(await load(roots, "alpha")).toMatchObject({ ok: false, refusal: { code: "link" } });
  });

  it("offers a SKILL.md of exactly the cap and refuses one byte more", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, {
      fits: sized("fits", MAX_SKILL_FILE_BYTES),
      over: sized("over", MAX_SKILL_FILE_BYTES + 1),
    });
    const result = await catalog(roots);
    expect(result.skills).toMatchObject([{ id: "fits", bytes: 262_144 }]);
    expect(result.refused).toMatchObject([{ id: "over", code: "skill-file-too-large" }]);
  });

  it("refuses a huge SKILL.md without reading it", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { huge: skillText("huge") });
    await truncate(join(roots.builtin, "huge", "SKILL.md"), 8 * 1024 ** 3);
    const started = performance.now();
    expect((await catalog(roots)).refused).toMatchObject([
      { id: "huge", code: "skill-file-too-large" },
    ]);
    expect(await load(roots, "huge")).toMatchObject({
      ok: false,
      refusal: { code: "skill-file-too-large" },
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses bytes that are not UTF-8, and keeps a BOM as bytes", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, {
      latin: Buffer.concat([Buffer.from("# latin\n"), Buffer.from([0xe9, 0x0a])]),
      bom: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("# bom\n")]),
    });
    const result = await catalog(roots);
    expect(result.refused).toMatchObject([{ id: "latin", code: "not-utf8" }]);
    const loaded = await load(roots, "bom");
    expect(loaded).toMatchObject({ ok: true, skill: { bytes: 9, text: "\uFEFF# bom\n" } });
  });

  it("refuses a SKILL.md that is a directory", async () => {
    const roots = await makeRoots();
    await mkdir(join(roots.builtin, "odd", "SKILL.md"), { recursive: true });
    expect((await catalog(roots)).refused).toMatchObject([{ id: "odd", code: "unreadable" }]);
  });
});
