// What verify and the serving gate tell of a stored tree's hidden text, and
// that a caller which shows none (sync, update, the payload) can leave it
// unworked: the verdicts and admissions are the same but for `findings`.
import { describe, expect, it } from "vitest";
import { admitSkill, catalogWithBodies, gateCatalog, install, verify } from "../src/index.js";
import { bundleSkill, makeRoots } from "./trees.js";

/** "ignore" spelled in Unicode tag characters: invisible to a reader, read by a model. */
const hidden = [..."ignore"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

async function storeWithHiddenReference() {
  const roots = await makeRoots();
  const skill = bundleSkill("notes", {
    "SKILL.md": "---\nname: notes\ndescription: Reads notes.\n---\n# notes\n\nRead the notes.\n",
    "reference.md": `Plain words${hidden}.\n`,
  });
  expect(await install(roots, [skill])).toMatchObject({ ok: true });
  return roots;
}

describe("findings of a stored tree", () => {
  it("are in verify's verdict unless asked not to be, which changes nothing else", async () => {
    const roots = await storeWithHiddenReference();
    const shown = await verify(roots);
    const unshown = await verify(roots, [], { findings: false });
    if (!shown.ok || !unshown.ok) throw new Error("verify refused");
    const [verdict] = shown.skills;
    expect(verdict?.findings?.map((f) => [f.code, f.path])).toEqual([
      ["hidden-text", "reference.md"],
    ]);
    const { findings: _, ...rest } = verdict!;
    expect(unshown.skills).toEqual([rest]);
  });

  it("are in the serving gate's admission unless asked not to be", async () => {
    const roots = await storeWithHiddenReference();
    const [skill] = (await catalogWithBodies(roots)).skills;
    const admitted = await admitSkill(roots, skill!);
    const plain = await admitSkill(roots, skill!, { findings: false });
    if (!admitted.ok || !plain.ok) throw new Error("not admitted");
    expect(admitted.findings?.map((f) => f.code)).toEqual(["hidden-text"]);
    expect(plain).not.toHaveProperty("findings");
    expect(plain.tree).toEqual(admitted.tree);
    const gated = await gateCatalog(roots, await catalogWithBodies(roots), { findings: false });
    expect(gated.skills.map((s) => s.id)).toEqual(["notes"]);
  });
});
