// Removing managed skills: only managed ones, wholly, with a clear refusal
// for builtin, unknown and root-less cases.
import { join } from "node:path";
import { message } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { catalog, install, load, remove } from "../src/index.js";
import { bundleSkill, makeRoots, makeTempDir, namesIn, skillText, writeSkills } from "./trees.js";

describe("remove", () => {
  it("removes a managed skill wholly", async () => {
    const roots = await makeRoots();
    const skill = bundleSkill("gone", { "SKILL.md": skillText("gone"), "a/b/c.md": "deep" });
    expect(await install(roots, [skill])).toMatchObject({ ok: true });
    expect(await remove(roots, "gone")).toEqual({ ok: true, id: "gone" });
    expect(await namesIn(roots.managedDir)).toEqual([".generation", ".records", ".staging"]);
    expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
    // The record went with its skill.
    expect(await namesIn(join(roots.managedDir, ".records"))).toEqual([]);
    expect(await load(roots, "gone")).toMatchObject({
      ok: false,
      refusal: { code: "unknown-skill" },
    });
  });

  it("removes the managed copy of an id defined twice, which resolves the conflict", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { both: skillText("both") });
    await writeSkills(roots.managedDir, { both: skillText("both") });
    expect((await catalog(roots)).refused).toMatchObject([{ code: "defined-twice" }]);
    expect(await remove(roots, "both")).toEqual({ ok: true, id: "both" });
    expect((await catalog(roots)).skills).toMatchObject([{ id: "both", origin: "builtin" }]);
  });

  it.each([
    { name: "a builtin skill", id: "shipped", code: "builtin-skill" },
    { name: "an unknown id", id: "nothing", code: "unknown-skill" },
    { name: "an invalid id", id: "../shipped", code: "unknown-skill" },
  ])("refuses $name", async ({ id, code }) => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { shipped: skillText("shipped") });
    const result = await remove(roots, id);
    expect(result).toMatchObject({ ok: false, refusal: { code, skill: id } });
    if (!result.ok) expect(message(result.refusal)).toContain(id);
    expect((await catalog(roots)).skills.map((s) => s.id)).toEqual(["shipped"]);
  });

  it("refuses without a managed root", async () => {
    const roots = { builtin: join(await makeTempDir(), "skills") };
    expect(await remove(roots, "x")).toMatchObject({
      ok: false,
      refusal: { code: "no-managed-root" },
    });
  });
});
