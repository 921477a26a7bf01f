// @module-tag heavy
// Kills a child process at random moments of `approve`, many times. approve
// writes through the store's all-or-nothing install step, so after every
// kill the record is wholly the old one (the skill still drifted) or wholly
// the new one (approved, the files unchanged against it), and the files on
// disk are always the hand-edited ones: approving never changes a byte.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { approve, DirectoryStore, install, usableRecord, verify } from "../src/index.js";
import { bundleOf, requireBuild } from "./child.js";
import { makeRoots, readTree } from "./trees.js";

const FILES = 300;
const ROUNDS = 12;
const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));

/** Runs approve(id) over the directory store at `dir` in a child; settles when it exits. */
function startApprove(builtin: string, dir: string, id: string) {
  const code = `const { approve, DirectoryStore } = await import(${JSON.stringify(dist)});
const roots = { builtin: ${JSON.stringify(builtin)}, managed: new DirectoryStore(${JSON.stringify(dir)}) };
const result = await approve(roots, ${JSON.stringify(id)}, { by: "child", tool: "crash test" });
process.stdout.write(JSON.stringify(result.ok));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const done = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  return { child, done };
}

describe("approve under kill -9", () => {
  it(`leaves the old record or the new one across ${ROUNDS} kills, and the files as edited`, async () => {
    await requireBuild();
    const roots = await makeRoots();
    expect(await install(roots, bundleOf(0, ["alpha"], FILES))).toMatchObject({ ok: true });
    const skillDir = join(roots.managedDir, "alpha");
    const started = performance.now();
    const probe = startApprove(roots.builtin, roots.managedDir, "alpha");
    expect(await probe.done).toBe(0);
    const duration = performance.now() - started;
    const outcomes = { old: 0, new: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      writeFileSync(join(skillDir, "SKILL.md"), `# alpha\n\nedited by hand, round ${round}\n`);
      const edited = await readTree(skillDir);
      const before = usableRecord(await new DirectoryStore(roots.managedDir).record("alpha"));
      const { child, done } = startApprove(roots.builtin, roots.managedDir, "alpha");
      await sleep(Math.random() * duration);
      child.kill("SIGKILL");
      await done;
      const store = new DirectoryStore(roots.managedDir);
      const fresh = { builtin: roots.builtin, managed: store };
      const verified = await verify(fresh, ["alpha"]);
      expect(await readTree(skillDir)).toEqual(edited);
      const record = usableRecord(await store.record("alpha"));
      if (record?.tree.digest === before?.tree.digest) {
        outcomes.old++;
        expect(verified).toMatchObject({ skills: [{ status: "changed" }] });
      } else {
        outcomes.new++;
        expect(record?.approved?.by).toBe("child");
        expect(verified).toMatchObject({ skills: [{ status: "unchanged" }] });
      }
    }
    // Whatever the kills hit, approving again settles it.
    expect(
      await approve({ builtin: roots.builtin, managed: roots.managed }, "alpha", {
        by: "operator",
        tool: "crash test",
      }),
    ).toMatchObject({ ok: true });
    expect(outcomes.old + outcomes.new).toBe(ROUNDS);
  });
});
