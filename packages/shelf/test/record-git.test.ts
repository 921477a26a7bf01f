// A git source's record: the URL without credentials, the ref as given and
// the commit the read reported, from a real repository imported through the
// shelf's import flow (the one every surface calls).
import { join } from "node:path";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { commitTree, makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { shelfOver } from "../src/index.js";
import { recordSource } from "../src/recorded-source.js";

describe("the record of a git source", () => {
  it("keeps the URL without credentials, the ref, the commit read and the selection", async () => {
    const dir = makeTempDir();
    const path = join(dir, "skills");
    writeTree(path, { "alpha/SKILL.md": "# alpha\n", "beta/SKILL.md": "# beta\n" });
    const git = commitTree(path);
    git("tag", "v1");
    const commit = git("rev-parse", "HEAD").toString().trim();
    const shelf = shelfOver(
      { builtin: join(dir, "ws"), managed: new DirectoryStore(join(dir, "data")) },
      "test 1",
    );
    const imported = await shelf.import(
      { kind: "git", url: `file://${path}`, ref: "v1" },
      { skills: ["alpha"] },
    );
    expect(imported).toMatchObject({ ok: true, skills: [{ id: "alpha" }] });
    const recorded = (await shelf.list()).records.get("alpha")?.source;
    expect(recorded).toEqual({
      kind: "git",
      name: `file://${path}`,
      ref: "v1",
      commit,
      skills: ["alpha"],
    });
  });

  it("never records credentials, with or without the read's origin", async () => {
    const recorded = await recordSource({
      kind: "git",
      url: "https://alice:s3cret@git.example.com/team/skills.git",
    });
    expect(recorded).toEqual({ kind: "git", name: "https://git.example.com/team/skills.git" });
  });
});
