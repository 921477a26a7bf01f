// Several writers at once, as separate processes and within one process:
// installs of one id serialize so that exactly one wins and the rest are
// told the id is already defined, with no mixed files; installs of different
// ids all succeed.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalog, install } from "../src/index.js";
import { bundleOf, requireBuild, startInstall } from "./child.js";
import { makeRoots, namesIn, readTree } from "./trees.js";

const WRITERS = 4;
const FILES = 100;

const treeOf = (version: number, id: string): Record<string, { text: string; mode: number }> =>
  Object.fromEntries(
    bundleOf(version, [id], FILES)[0]!.files.map((f) => [
      f.path,
      { text: f.text, mode: f.executable ? 0o755 : 0o644 },
    ]),
  );

describe("concurrency", () => {
  it("lets exactly one of several processes install the same id", async () => {
    await requireBuild();
    const roots = await makeRoots();
    const children = Array.from({ length: WRITERS }, (_, i) =>
      startInstall(roots, bundleOf(i + 1, ["shared"], FILES), false),
    );
    const results = (await Promise.all(children.map((child) => child.done))).map((d) => d.result);
    const winners = results.flatMap((result, i) => (result?.ok === true ? [i + 1] : []));
    expect(winners).toHaveLength(1);
    for (const result of results) {
      if (result?.ok !== true) {
        expect(result).toMatchObject({
          ok: false,
          refusal: { code: "already-defined", skill: "shared" },
        });
      }
    }
    expect(await readTree(join(roots.managedDir, "shared"))).toEqual(treeOf(winners[0]!, "shared"));
    expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
  });

  it("installs different ids from several processes, all of them", async () => {
    await requireBuild();
    const roots = await makeRoots();
    const ids = Array.from({ length: WRITERS }, (_, i) => `own-${i}`);
    const children = ids.map((id, i) => startInstall(roots, bundleOf(i, [id], FILES), false));
    const results = await Promise.all(children.map((child) => child.done));
    for (const { result } of results) expect(result).toMatchObject({ ok: true });
    expect((await catalog(roots)).skills.map((s) => s.id)).toEqual(ids);
    for (const [i, id] of ids.entries()) {
      expect(await readTree(join(roots.managedDir, id))).toEqual(treeOf(i, id));
    }
    expect((await namesIn(roots.managedDir)).filter((n) => n.startsWith("."))).toEqual([
      ".generation",
      ".records",
      ".staging",
    ]);
  });

  it("serializes installs of one id within a process too", async () => {
    const roots = await makeRoots();
    const results = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => install(roots, bundleOf(i + 1, ["inproc"], 20))),
    );
    const winners = results.flatMap((result, i) => (result.ok ? [i + 1] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toMatchObject(
      Array(WRITERS - 1).fill({ ok: false, refusal: { code: "already-defined" } }),
    );
    const skillFile = (await readTree(join(roots.managedDir, "inproc")))["SKILL.md"]!.text;
    expect(skillFile).toBe(`# inproc\n\nversion ${winners[0]}\n`);
  });
});
