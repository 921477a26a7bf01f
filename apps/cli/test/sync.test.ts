// `skillshelf sync` and `verify --lock` through the binary, on a real git
// repository and a folder: the exit codes of sync, --check and --frozen, the
// differences named when a branch moved, --prune, and the lock's bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile, writeTree } from "./support/trees.js";

function setup() {
  const dir = makeTempDir("skillshelf-cli-sync-");
  const repo = join(dir, "repo");
  writeTree(repo, {
    "skills/alpha/SKILL.md": skillFile("alpha"),
    "skills/beta/SKILL.md": skillFile("beta"),
  });
  const git = commitTree(repo);
  git("branch", "-M", "main");
  const manifest = (skills: unknown[]) =>
    writeFileSync(join(dir, "skillshelf.json"), JSON.stringify({ skills }));
  manifest([{ source: `git+file://${repo}`, ref: "main", path: "skills" }]);
  return { dir, repo, git, manifest };
}

describe("skillshelf sync", () => {
  it("syncs, then --check exits 0; a moved branch makes --check exit 1 and --frozen refuse it by name", async () => {
    const { dir, repo, git } = setup();
    const { args } = makeRoots();
    const checkFirst = await runBin(["sync", "--check", ...args], { cwd: dir });
    expect(checkFirst.code).toBe(1);
    expect(checkFirst.stdout).toMatch(/would be installed\s+alpha/);
    const synced = await runBin(["sync", ...args], { cwd: dir });
    expect(synced.code).toBe(0);
    expect(synced.stdout).toMatch(/installed\s+alpha/);
    expect(synced.stdout).toMatch(/^synced: revision [0-9a-f]{12}, lock written$/m);
    const lock = readFileSync(join(dir, "skillshelf.lock.json"), "utf8");
    expect(await runBin(["sync", "--check", ...args], { cwd: dir })).toMatchObject({ code: 0 });
    expect(
      await runBin(["verify", "--lock", "skillshelf.lock.json", ...args], { cwd: dir }),
    ).toMatchObject({
      code: 0,
    });

    writeFileSync(join(repo, "skills", "alpha", "SKILL.md"), skillFile("alpha", undefined, "v2\n"));
    git("commit", "-qam", "v2");
    expect(await runBin(["sync", "--check", ...args], { cwd: dir })).toMatchObject({ code: 1 });
    const frozen = await runBin(["sync", "--frozen", "--json", ...args], { cwd: dir });
    expect(frozen.code).toBe(1);
    const refusal = parseJson(frozen);
    expect(refusal).toMatchObject({ ok: false, refusal: { code: "lock-mismatch" } });
    expect(JSON.stringify(refusal)).toMatch(/ref main of git\+file:\/\/.* now resolves to/);
    expect(readFileSync(join(dir, "skillshelf.lock.json"), "utf8")).toBe(lock);

    const moved = await runBin(["sync", "--json", ...args], { cwd: dir });
    expect(parseJson(moved)).toMatchObject({
      ok: true,
      skills: [
        { id: "alpha", status: "replaced" },
        { id: "beta", status: "unchanged" },
      ],
    });
    expect(
      await runBin(["verify", "--lock", "skillshelf.lock.json", ...args], { cwd: dir }),
    ).toMatchObject({ code: 0 });
  });

  it("keeps a dropped skill unless --prune, and verify --lock names what differs", async () => {
    const { dir, repo, manifest } = setup();
    const { args } = makeRoots();
    expect(await runBin(["sync", ...args], { cwd: dir })).toMatchObject({ code: 0 });
    manifest([{ source: `git+file://${repo}#main`, path: "skills", skills: ["alpha"] }]);
    const kept = await runBin(["sync", ...args], { cwd: dir });
    expect(kept.stdout).toMatch(/kept\s+beta\s+not in the manifest; --prune removes it/);
    const status = await runBin(["verify", "--lock", "skillshelf.lock.json", ...args], {
      cwd: dir,
    });
    expect(status.code).toBe(1);
    expect(status.stdout).toContain("skill 'beta' is stored but not in the lock");
    const pruned = await runBin(["sync", "--prune", ...args], { cwd: dir });
    expect(pruned.stdout).toMatch(/removed\s+beta/);
    const listed = parseJson(await runBin(["list", "--json", ...args]));
    expect((listed.index as { id: string }[]).map((skill) => skill.id)).toEqual(["alpha"]);
    expect(
      await runBin(["verify", "--lock", "skillshelf.lock.json", ...args], { cwd: dir }),
    ).toMatchObject({ code: 0 });
  });

  it("refuses an invalid manifest with its own code and exit 1", async () => {
    const { dir } = setup();
    const { args } = makeRoots();
    writeFileSync(join(dir, "skillshelf.json"), '{"skills": [{"source": 1}]}');
    const refused = await runBin(["sync", ...args], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("invalid-manifest");
  });
});
