// verify and update through the binary, on a real managed root: a hand edit,
// an added file, a removed one and a chmod are each named by `verify` (exit
// 1), `update` installs a changed source and says "up to date" otherwise, and
// refuses a skill changed by hand unless --force.
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importedRoots } from "./support/imported.js";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile, writeTree } from "./support/trees.js";

describe("verify and update", () => {
  it("name each drifted file, and update only what changed", async () => {
    const { data, args, source } = await importedRoots({
      "alpha/SKILL.md": skillFile("alpha"),
      "alpha/a.md": "a\n",
      "alpha/b.md": "b\n",
      "alpha/run.sh": "echo\n",
      "beta/SKILL.md": skillFile("beta"),
    });
    const clean = await runBin(["verify", "--json", ...args]);
    expect(clean.code).toBe(0);
    expect(parseJson(clean)).toMatchObject({
      ok: true,
      skills: [
        { id: "alpha", status: "unchanged" },
        { id: "beta", status: "unchanged" },
      ],
    });
    expect((await runBin(["update", ...args])).stdout).toMatch(/up to date\s+alpha/);

    const stored = join(data, "skills", "alpha");
    writeFileSync(join(stored, "a.md"), "edited by hand\n");
    writeFileSync(join(stored, "c.md"), "added by hand\n");
    rmSync(join(stored, "b.md"));
    chmodSync(join(stored, "run.sh"), 0o755);
    const drifted = await runBin(["verify", ...args]);
    expect(drifted.code).toBe(1);
    for (const line of ["modified a.md", "removed b.md", "added c.md", "mode-changed run.sh"]) {
      expect(drifted.stdout).toContain(line);
    }
    const json = parseJson(await runBin(["verify", "alpha", "--json", ...args]));
    expect(json).toMatchObject({
      ok: false,
      skills: [
        {
          id: "alpha",
          status: "changed",
          files: [
            { path: "a.md", change: "modified" },
            { path: "b.md", change: "removed" },
            { path: "c.md", change: "added" },
            { path: "run.sh", change: "mode-changed" },
          ],
        },
      ],
    });

    writeFileSync(join(source, "beta", "more.md"), "new in the source\n");
    const updated = await runBin(["update", "--json", ...args]);
    expect(updated.code).toBe(1);
    expect(parseJson(updated)).toMatchObject({
      skills: [
        { id: "alpha", status: "drifted", files: ["a.md", "b.md", "c.md", "run.sh"] },
        { id: "beta", status: "updated" },
      ],
    });
    const forced = await runBin(["update", "alpha", "--force", ...args]);
    expect(forced.code).toBe(0);
    expect(parseJson(await runBin(["verify", "--json", ...args]))).toMatchObject({ ok: true });
    const shown = parseJson(await runBin(["show", "beta", "--json", ...args]));
    expect(shown).toMatchObject({
      status: "unchanged",
      record: { source: { kind: "path", name: source } },
      files: [{ path: "SKILL.md" }, { path: "more.md" }],
    });
    expect(shown.treeDigest).toBe((shown.record as { tree: { digest: string } }).tree.digest);
  });

  it("record the selection an import was made with, and update through it", async () => {
    const { args } = makeRoots();
    const repository = join(makeTempDir("skillshelf-cli-repo-"), "repo");
    writeTree(repository, {
      "README.md": "a repository whose skills sit under skills/\n",
      "skills/alpha/SKILL.md": skillFile("alpha"),
      "skills/beta/SKILL.md": skillFile("beta"),
    });
    const selected = ["--path", "skills", "--skill", "alpha"];
    expect((await runBin(["import", repository, ...selected, ...args])).code).toBe(0);
    const shown = parseJson(await runBin(["show", "alpha", "--json", ...args]));
    expect(shown).toMatchObject({
      record: { source: { kind: "path", name: repository, path: "skills", skills: ["alpha"] } },
    });
    expect((await runBin(["show", "beta", ...args])).code).toBe(1);

    writeFileSync(join(repository, "skills", "alpha", "notes.md"), "new in the source\n");
    const updated = await runBin(["update", "--json", ...args]);
    expect(updated.code).toBe(0);
    expect(parseJson(updated)).toMatchObject({ skills: [{ id: "alpha", status: "updated" }] });
    const after = parseJson(await runBin(["show", "alpha", "--json", ...args]));
    expect(after).toMatchObject({ files: [{ path: "SKILL.md" }, { path: "notes.md" }] });
  });

  it("names a record of null as bad-record for its own skill, and verifies the others", async () => {
    const { data, args } = await importedRoots({
      "alpha/SKILL.md": skillFile("alpha"),
      "beta/SKILL.md": skillFile("beta"),
    });
    writeFileSync(join(data, "skills", ".records", "alpha.json"), "null");
    const shown = await runBin(["verify", ...args]);
    expect(shown.code).toBe(1);
    expect(shown.stdout).toMatch(/bad-record\s+alpha/);
    expect(shown.stdout).toContain("The install record of skill 'alpha' cannot be used");
    expect(shown.stdout).toMatch(/unchanged\s+beta/);
  });
});
