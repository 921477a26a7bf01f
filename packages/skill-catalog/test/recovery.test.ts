// What a later writer or catalog does with the leftovers of a crashed one,
// built deterministically at each point of the protocol: an uncommitted
// transaction is discarded, a committed one is rolled forward whether none,
// some or all of its renames happened, and a lock whose owner is gone is
// broken at once.
import { spawn, spawnSync } from "node:child_process";
import { mkdir, rename, unlink, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, onTestFinished } from "vitest";
import { catalog, install, load, remove } from "../src/index.js";
import { bundleSkill, makeRoots, namesIn, readTree, skillText, writeSkills } from "./trees.js";

type Stage = "uncommitted" | "committed" | "first moved aside" | "first swapped";

async function crashedAt(stage: Stage) {
  const roots = await makeRoots();
  const managed = roots.managedDir;
  await writeSkills(managed, { one: skillText("one", "old\n"), two: skillText("two", "old\n") });
  await writeFile(join(managed, "one", "old-only.md"), "old");
  const txn = join(managed, ".staging", "0123456789abcdef");
  await writeSkills(join(txn, "new"), {
    one: skillText("one", "new\n"),
    two: skillText("two", "new\n"),
  });
  await mkdir(join(txn, "old"));
  if (stage !== "uncommitted")
    await writeFile(join(txn, "commit.json"), JSON.stringify({ ids: ["one", "two"] }));
  if (stage === "first moved aside" || stage === "first swapped") {
    await rename(join(managed, "one"), join(txn, "old", "one"));
  }
  if (stage === "first swapped") await rename(join(txn, "new", "one"), join(managed, "one"));
  return roots;
}

const bodies = async (roots: { managedDir: string }) =>
  Promise.all(
    ["one", "two"].map(async (id) =>
      Object.keys(await readTree(join(roots.managedDir, id))).sort(),
    ),
  );

describe("recovery", () => {
  it.each<[Stage, string]>([
    ["uncommitted", "old"],
    ["committed", "new"],
    ["first moved aside", "new"],
    ["first swapped", "new"],
  ])("after a crash %s, the catalog settles the bundle to %s", async (stage, version) => {
    const roots = await crashedAt(stage);
    const found = await catalog(roots);
    expect(found.refused).toEqual([]);
    expect(found.skills.map((s) => s.id)).toEqual(["one", "two"]);
    for (const id of ["one", "two"]) {
      expect(await load(roots, id)).toMatchObject({
        ok: true,
        skill: { text: skillText(id, `${version}\n`) },
      });
    }
    expect(await bodies(roots)).toEqual(
      version === "old"
        ? [["SKILL.md", "old-only.md"], ["SKILL.md"]]
        : [["SKILL.md"], ["SKILL.md"]],
    );
    expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
  });

  it.each<Stage>(["uncommitted", "first moved aside"])(
    "a later install settles a crash %s first",
    async (stage) => {
      const roots = await crashedAt(stage);
      const result = await install(roots, [
        bundleSkill("three", { "SKILL.md": skillText("three") }),
      ]);
      expect(result).toMatchObject({ ok: true });
      expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
      expect((await catalog(roots)).skills.map((s) => s.id)).toEqual(["one", "three", "two"]);
    },
  );

  it("breaks a lock whose owner process is gone, and waits for none", async () => {
    const roots = await makeRoots();
    await writeSkills(roots.managedDir, { old: skillText("old") });
    const gone = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]).stdout.toString();
    const owner = { pid: Number(gone), host: hostname(), boot: "", token: "dead" };
    await writeFile(join(roots.managedDir, ".lock"), JSON.stringify(owner));
    await mkdir(join(roots.managedDir, ".staging"));
    await writeFile(join(roots.managedDir, ".staging", `lock-${gone}-dead`), JSON.stringify(owner));
    await writeFile(join(roots.managedDir, ".staging", `lock-${gone}-torn`), '{"pid":');
    const started = performance.now();
    expect(
      await install(roots, [bundleSkill("fresh", { "SKILL.md": skillText("fresh") })]),
    ).toMatchObject({ ok: true });
    expect(await remove(roots, "old")).toEqual({ ok: true, id: "old" });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await namesIn(roots.managedDir)).filter((n) => n.startsWith("."))).toEqual([
      ".generation",
      ".records",
      ".staging",
    ]);
    expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
  });

  it("breaks a lock left unreadable long ago", async () => {
    const roots = await makeRoots();
    await mkdir(roots.managedDir, { recursive: true });
    await writeFile(join(roots.managedDir, ".lock"), "");
    const longAgo = new Date(Date.now() - 120_000);
    await utimes(join(roots.managedDir, ".lock"), longAgo, longAgo);
    const result = await install(roots, [bundleSkill("after", { "SKILL.md": skillText("after") })]);
    expect(result).toMatchObject({ ok: true });
  });

  it("waits for a lock whose owner still runs, and installs once it is released", async () => {
    const roots = await makeRoots();
    await mkdir(roots.managedDir, { recursive: true });
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"]);
    onTestFinished(() => {
      holder.kill();
    });
    const owner = { pid: holder.pid, host: hostname(), boot: "", token: "alive" };
    await writeFile(join(roots.managedDir, ".lock"), JSON.stringify(owner));
    let settled = false;
    const pending = install(roots, [bundleSkill("waits", { "SKILL.md": skillText("waits") })]).then(
      (result) => {
        settled = true;
        return result;
      },
    );
    await sleep(400);
    expect(settled).toBe(false);
    expect(await namesIn(roots.managedDir)).not.toContain("waits");
    await unlink(join(roots.managedDir, ".lock"));
    expect(await pending).toMatchObject({ ok: true, installed: [{ id: "waits" }] });
  });
});
