// A git repository as the <source> of import and update, through the binary:
// a real repository at a tag, with --path and --skill; the record says the
// URL, the ref and the commit; update --ref moves the skill; credentials in
// a spec never reach what is printed.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile, writeTree } from "./support/trees.js";

describe("git sources", () => {
  it("imports a repository at a tag, then moves to another with update --ref", async () => {
    const { args } = makeRoots();
    const repo = join(makeTempDir("skillshelf-cli-git-"), "repo");
    writeTree(repo, {
      "README.md": "# a repository of skills\n",
      "skills/alpha/SKILL.md": skillFile("alpha"),
      "skills/beta/SKILL.md": skillFile("beta"),
    });
    const git = commitTree(repo);
    git("tag", "v1");
    const spec = `git+file://${repo}#v1`;
    const imported = await runBin([
      "import",
      spec,
      "--path",
      "skills",
      "--skill",
      "alpha",
      "--json",
      ...args,
    ]);
    expect(imported.code).toBe(0);
    expect(parseJson(imported)).toMatchObject({ ok: true, installed: [{ id: "alpha" }] });
    const shown = parseJson(await runBin(["show", "alpha", "--json", ...args]));
    const first = git("rev-parse", "v1").toString().trim();
    expect(shown.record).toMatchObject({
      source: { kind: "git", name: `file://${repo}`, ref: "v1", commit: first, path: "skills" },
    });

    writeFileSync(join(repo, "skills", "alpha", "SKILL.md"), skillFile("alpha", undefined, "v2\n"));
    git("commit", "-qam", "v2");
    git("tag", "v2");
    const stays = await runBin(["update", ...args]);
    expect(stays.stdout).toMatch(/up to date\s+alpha/);
    const moved = await runBin(["update", "alpha", "--ref", "v2", "--json", ...args]);
    expect(moved.code).toBe(0);
    expect(parseJson(moved)).toMatchObject({ skills: [{ id: "alpha", status: "updated" }] });
  });

  it("refuses a transport helper and never prints credentials", async () => {
    const { args } = makeRoots();
    const helper = await runBin(["check", "git+ext::sh -c touch% /tmp/x#main", ...args]);
    expect(helper.code).toBe(1);
    expect(helper.stderr).toContain("unreadable-source");
    const secret = await runBin([
      "check",
      "git+https://alice:s3cret@127.0.0.1:1/x.git#main",
      ...args,
    ]);
    expect(secret.code).toBe(1);
    expect(`${secret.stdout}${secret.stderr}`).not.toContain("s3cret");
  });
});
