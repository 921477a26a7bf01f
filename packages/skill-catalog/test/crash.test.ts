// @module-tag heavy
// Kills a child process at random moments of a large install, many times.
// After every kill each skill on disk is wholly one version (never a mix), the
// bundle is all old or all new once the staging area is settled, the catalog
// refuses nothing, and the next writer or catalog clears the staging area.
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { catalog, install, verify } from "../src/index.js";
import { bundleOf, requireBuild, startInstall } from "./child.js";
import { bundleSkill, makeRoots, namesIn, readTree, skillText } from "./trees.js";

const IDS = ["crash-a", "crash-b", "crash-c"];
const FILES = 300;
const ROUNDS = 25;

const expectedTree = (
  version: number,
  id: string,
): Record<string, { text: string; mode: number }> => {
  const skill = bundleOf(version, [id], FILES)[0]!;
  return Object.fromEntries(
    skill.files.map((file) => [
      file.path,
      { text: file.text, mode: file.executable ? 0o755 : 0o644 },
    ]),
  );
};

/** The version a skill directory wholly holds, undefined when absent; throws on any mix. */
async function wholeVersion(dir: string, allowed: number[]): Promise<number | undefined> {
  const tree = await readTree(dir).catch(() => undefined);
  if (tree === undefined) return undefined;
  const id = dir.split("/").pop()!;
  const version = Number(/version (\d+)/.exec(tree["SKILL.md"]?.text ?? "")?.[1]);
  expect(allowed).toContain(version);
  expect(tree).toEqual(expectedTree(version, id));
  return version;
}

describe("crash", () => {
  // The time limit guards against a hang, not a speed target: 25 kills took
  // 80 s on a loaded 2-core machine, and over 120 s on a busier one.
  it(`keeps every skill wholly old or wholly new across ${ROUNDS} kills`, async () => {
    await requireBuild();
    const roots = await makeRoots();
    const managed = roots.managedDir;
    expect(await install(roots, bundleOf(0, IDS, FILES))).toMatchObject({ ok: true });
    const started = performance.now();
    const full = await startInstall(roots, bundleOf(1, IDS, FILES), true).done;
    const duration = performance.now() - started;
    expect(full.result).toMatchObject({ ok: true });
    let current = 1;
    const outcomes = { old: 0, new: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const next = current + 1;
      const child = startInstall(roots, bundleOf(next, IDS, FILES), true);
      await sleep(Math.random() * duration);
      child.process.kill("SIGKILL");
      const { result } = await child.done;
      for (const id of IDS) await wholeVersion(join(managed, id), [current, next]);
      if (round % 2 === 1) {
        const marker = `marker-${round}`;
        const written = await install(roots, [
          bundleSkill(marker, { "SKILL.md": skillText(marker) }),
        ]);
        expect(written).toMatchObject({ ok: true });
        expect(await namesIn(join(managed, ".staging"))).toEqual([]);
        // .generation once any change has landed; never its temporary file.
        const dots = (await namesIn(managed)).filter((name) => name.startsWith("."));
        expect(dots.filter((name) => name !== ".generation")).toEqual([".records", ".staging"]);
      }
      const settled = await catalog(roots);
      expect(settled.refused).toEqual([]);
      expect(await namesIn(join(managed, ".staging"))).toEqual([]);
      // Every skill has its record and every record its skill, and each
      // record describes exactly the tree it sits beside.
      const skillDirs = (await namesIn(managed)).filter((name) => !name.startsWith("."));
      expect(
        (await namesIn(join(managed, ".records"))).map((n) => n.replace(/\.json$/, "")),
      ).toEqual(skillDirs);
      const verified = await verify(roots);
      expect(verified.ok && verified.skills.map((s) => s.status)).toEqual(
        skillDirs.map(() => "unchanged"),
      );
      const versions = await Promise.all(
        IDS.map((id) => wholeVersion(join(managed, id), [current, next])),
      );
      expect(new Set(versions).size).toBe(1);
      if (result?.ok === true) expect(versions[0]).toBe(next);
      current = versions[0]!;
      outcomes[current === next ? "new" : "old"]++;
      expect(settled.skills.filter((s) => IDS.includes(s.id))).toHaveLength(IDS.length);
    }
    expect(outcomes.old + outcomes.new).toBe(ROUNDS);
  }, 300_000);
});
