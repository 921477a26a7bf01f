// Loading one skill by id: the bytes on disk now, at a cost that does not
// depend on how many skills the roots hold, and never a path outside them.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { countCalls } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { catalog, load } from "../src/index.js";
import { directoryRoots, makeRoots, makeTempDir, skillText, writeSkills } from "./trees.js";

const manySkills = (count: number): Record<string, string> =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`skill-${i}`, skillText(`skill-${i}`)]),
  );

describe("load", () => {
  it("costs the same with 10 skills as with 2,000, and never lists a root", async () => {
    const small = await makeRoots();
    const large = await makeRoots();
    await writeSkills(small.builtin, manySkills(10));
    await writeSkills(large.builtin, manySkills(2_000));
    await writeSkills(small.managedDir, { mine: skillText("mine") });
    await writeSkills(large.managedDir, { mine: skillText("mine") });
    for (const id of ["skill-5", "mine"]) {
      const few = await countCalls(() => load(small, id));
      const many = await countCalls(() => load(large, id));
      expect(many).toEqual(few);
      // load reads with the one synchronous bounded reader, one path per root.
      expect(few["fs.lstatSync"]).toBeGreaterThan(0);
      expect(few["fs.openSync"]).toBeGreaterThan(0);
      for (const listing of ["readdir", "opendir"]) {
        expect(few[`fs/promises.${listing}`] ?? 0).toBe(0);
        expect(few[`fs.${listing}`] ?? 0).toBe(0);
        expect(few[`fs.${listing}Sync`] ?? 0).toBe(0);
      }
    }
    expect(await load(large, "skill-1999")).toMatchObject({
      ok: true,
      skill: { id: "skill-1999" },
    });
  });

  it("names the available ids when the id is unknown", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { alpha: skillText("alpha"), broken: skillText("other") });
    await writeSkills(roots.managedDir, { beta: skillText("beta") });
    const result = await load(roots, "gamma");
    expect(result).toMatchObject({ ok: false, refusal: { code: "unknown-skill", id: "gamma" } });
    if (!result.ok)
      expect(result.refusal.reason).toBe(
        "There is no skill 'gamma' (available: alpha, beta); list the skills to see which ids exist.",
      );
  });

  it("says why a refused id is not offered", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { broken: skillText("other") });
    const result = await load(roots, "broken");
    expect(result).toMatchObject({
      ok: false,
      refusal: { code: "identity-mismatch", id: "broken" },
    });
    if (!result.ok) expect(result.refusal.reason).toContain("declares the id 'other'");
  });

  it("names the catalog's reason for a plain name the id rule refuses, as catalog() does", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.builtin, { Bad: skillText("Bad") });
    const listed = (await catalog(roots)).refused;
    expect(listed).toMatchObject([{ id: "Bad", code: "invalid-id" }]);
    const result = await load(roots, "Bad");
    expect(result).toEqual({ ok: false, refusal: listed[0] });
    const absent = await load(roots, "Alpha");
    expect(absent).toMatchObject({ ok: false, refusal: { code: "unknown-skill", id: "Alpha" } });
    if (!absent.ok) expect(absent.refusal.reason).toContain("it is not a valid id");
  });

  it.each(["../secret", "..", "a/../../secret", "/etc", "", ".hidden", "a\u0000b"])(
    "refuses the id %j as unknown without reading outside the roots",
    async (id) => {
      const dir = await makeTempDir();
      await mkdir(join(dir, "ws", "skills"), { recursive: true });
      await writeSkills(dir, { secret: skillText("secret") });
      await writeFile(join(dir, "SKILL.md"), skillText(".."));
      const roots = { builtin: join(dir, "ws", "skills") };
      const calls = await countCalls(() => load(roots, id));
      expect(calls).toEqual({});
      const result = await load(roots, id);
      expect(result).toMatchObject({ ok: false, refusal: { code: "unknown-skill", id } });
      if (!result.ok) expect(result.refusal.reason).toContain("it is not a valid id");
    },
  );

  it("loads from the managed root alone when there is no builtin one", async () => {
    const dir = await makeTempDir();
    const managed = join(dir, "data", "skills");
    await writeSkills(managed, { mine: skillText("mine") });
    const result = await load(directoryRoots(join(dir, "absent"), managed), "mine");
    expect(result).toMatchObject({
      ok: true,
      skill: { id: "mine", origin: "managed", path: join(managed, "mine", "SKILL.md") },
    });
  });
});
