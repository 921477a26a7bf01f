// @module-tag heavy
// `skillshelf sync --prune` killed with SIGKILL at random moments, many
// times, on the directory store and on PostgreSQL: a set that replaces three
// skills, adds one and removes another lands whole or not at all, so after
// every kill the store holds exactly one of the two sets (never a mix), and
// the next sync finishes the job. Then two hosts on one PostgreSQL database
// syncing the same lock with --frozen converge to one revision.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, childEnv, parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, writeTree } from "./support/trees.js";

const FILES = 120;
const ROUNDS = 6;
const REPLACED = ["crash-a", "crash-b", "crash-c"];

/** A folder holding every skill of one version, and the set's other skill (`only`). */
function writeVersion(dir: string, version: number, only: string): void {
  const files: Record<string, string> = {};
  for (const id of [...REPLACED, only]) {
    files[`${id}/SKILL.md`] = `# ${id}\n\nversion ${version}\n`;
    for (let i = 0; i < FILES; i++) {
      files[`${id}/v${version}/part-${i}.md`] =
        `version ${version} of ${id}, file ${i}\n${"x".repeat(200)}\n`;
    }
  }
  writeTree(dir, files);
}

/** The two sets: A (version 1, with crash-d) and B (version 2, with crash-e). */
function twoSets() {
  const dir = makeTempDir("skillshelf-sync-crash-");
  writeVersion(join(dir, "a"), 1, "crash-d");
  writeVersion(join(dir, "b"), 2, "crash-e");
  const choose = (set: "a" | "b") =>
    writeFileSync(join(dir, "skillshelf.json"), JSON.stringify({ skills: [{ source: set }] }));
  return { dir, choose };
}

const SETS = {
  a: { ids: [...REPLACED, "crash-d"].sort(), version: 1 },
  b: { ids: [...REPLACED, "crash-e"].sort(), version: 2 },
};

/** Which whole set the store holds: every id of one set at that set's version, and nothing else. */
async function heldSet(args: string[], env: Record<string, string>): Promise<"a" | "b"> {
  const listed = await runBin(["list", "--json", ...args], { env });
  expect(listed.code, listed.stderr).toBe(0);
  const ids = (parseJson(listed).index as { id: string }[]).map((skill) => skill.id);
  const set = ids.includes("crash-e") ? "b" : "a";
  expect(ids).toEqual(SETS[set].ids);
  // Reads after the list (which found the store as the kill left it): one
  // process each, at once rather than one after another.
  const [verified, ...shown] = await Promise.all([
    runBin(["verify", ...args], { env }),
    ...REPLACED.map((id) => runBin(["show", id, "--json", ...args], { env })),
  ]);
  for (const run of shown) {
    expect(JSON.stringify(parseJson(run))).toContain(`version ${SETS[set].version}`);
  }
  expect(verified.code, verified.stdout).toBe(0);
  return set;
}

function startSync(
  cwd: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; done: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, "sync", "--prune", ...args], {
    cwd,
    env: childEnv(env),
    stdio: "ignore",
  });
  const done = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, done };
}

async function crashRounds(args: string[], env: Record<string, string>): Promise<void> {
  const { dir, choose } = twoSets();
  choose("a");
  expect((await runBin(["sync", "--prune", ...args], { cwd: dir, env })).code).toBe(0);
  choose("b");
  const started = performance.now();
  expect((await runBin(["sync", "--prune", ...args], { cwd: dir, env })).code).toBe(0);
  const duration = performance.now() - started;
  let held: "a" | "b" = "b";
  const seen = { whole: 0, untouched: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const target = held === "a" ? "b" : "a";
    choose(target);
    const { child, done } = startSync(dir, args, env);
    await sleep(Math.random() * duration);
    child.kill("SIGKILL");
    const code = await done;
    const now = await heldSet(args, env);
    if (code === 0) expect(now).toBe(target);
    seen[now === target ? "whole" : "untouched"]++;
    held = now;
  }
  expect(seen.whole + seen.untouched).toBe(ROUNDS);
  choose("a");
  expect((await runBin(["sync", "--prune", ...args], { cwd: dir, env })).code).toBe(0);
  expect(await heldSet(args, env)).toBe("a");
}

describe("sync under SIGKILL", () => {
  it(`leaves the directory store holding one whole set across ${ROUNDS} kills`, async () => {
    const { args } = makeRoots();
    await crashRounds(args, {});
  }, 600_000);

  describe("on PostgreSQL (needs PostgreSQL)", () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster();
    });
    afterAll(() => cluster?.stop());

    it(`leaves the store holding one whole set across ${ROUNDS} kills`, async () => {
      const { args } = makeRoots();
      await crashRounds(args, { SKILLSHELF_STORE: cluster.createDatabase() });
    }, 600_000);

    it("brings two hosts syncing one lock with --frozen to one revision", async () => {
      const { dir, choose } = twoSets();
      choose("b");
      const store = { SKILLSHELF_STORE: cluster.createDatabase() };
      const maker = makeRoots();
      expect((await runBin(["sync", ...maker.args], { cwd: dir })).code).toBe(0);
      const hosts = [makeRoots(), makeRoots()];
      const runs = await Promise.all(
        hosts.map((host) =>
          runBin(["sync", "--frozen", "--json", ...host.args], { cwd: dir, env: store }),
        ),
      );
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      const revisions = runs.map((run) => parseJson(run).revision);
      expect(revisions[0]).toBe(revisions[1]);
      for (const host of hosts) {
        const status = await runBin(
          ["verify", "--lock", "skillshelf.lock.json", "--json", ...host.args],
          {
            cwd: dir,
            env: store,
          },
        );
        expect(parseJson(status)).toMatchObject({ ok: true, inStep: true, revision: revisions[0] });
      }
      const listed = parseJson(await runBin(["list", "--json", ...hosts[0]!.args], { env: store }));
      expect(listed.revision).toBe(
        parseJson(await runBin(["list", "--json", ...hosts[1]!.args], { env: store })).revision,
      );
    }, 120_000);
  });
});
