// update over git sources, on real repositories: the recorded ref is
// resolved again, so a branch that moved brings its new tree, a tag stays
// where it was, and `ref` moves a skill to another ref, which the new record
// keeps.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { commitTree, makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { shelfOver } from "../src/index.js";

function repositoryWithShelf() {
  const dir = makeTempDir();
  const repo = join(dir, "repo");
  writeTree(repo, { "alpha/SKILL.md": "# alpha\n\nv1\n" });
  const git = commitTree(repo);
  git("tag", "v1");
  const shelf = shelfOver(
    { builtin: join(dir, "ws"), managed: new DirectoryStore(join(dir, "data")) },
    "test 1",
  );
  const commitAgain = (text: string) => {
    writeFileSync(join(repo, "alpha", "SKILL.md"), text);
    git("commit", "-qam", text);
    return git("rev-parse", "HEAD").toString().trim();
  };
  return { repo, git, shelf, commitAgain };
}

describe("update of git-sourced skills", () => {
  it("follows a branch that moved, and keeps a tag where it was", async () => {
    const { repo, git, shelf, commitAgain } = repositoryWithShelf();
    const branch = git("rev-parse", "--abbrev-ref", "HEAD").toString().trim();
    const url = `file://${repo}`;
    expect((await shelf.import({ kind: "git", url, ref: branch })).ok).toBe(true);
    expect(await shelf.update()).toMatchObject({ ok: true, skills: [{ status: "up-to-date" }] });

    const moved = commitAgain("# alpha\n\nv2\n");
    expect(await shelf.update()).toMatchObject({
      ok: true,
      skills: [{ id: "alpha", status: "updated" }],
    });
    const record = (await shelf.list()).records.get("alpha");
    expect(record?.source).toMatchObject({ kind: "git", ref: branch, commit: moved });

    const pinned = repositoryWithShelf();
    const pinnedUrl = `file://${pinned.repo}`;
    expect((await pinned.shelf.import({ kind: "git", url: pinnedUrl, ref: "v1" })).ok).toBe(true);
    pinned.commitAgain("# alpha\n\nv2\n");
    expect(await pinned.shelf.update()).toMatchObject({
      ok: true,
      skills: [{ id: "alpha", status: "up-to-date" }],
    });
  });

  it("moves a skill to another ref when asked, and records it", async () => {
    const { repo, git, shelf, commitAgain } = repositoryWithShelf();
    const url = `file://${repo}`;
    expect((await shelf.import({ kind: "git", url, ref: "v1" })).ok).toBe(true);
    const next = commitAgain("# alpha\n\nv2\n");
    git("tag", "v2");
    expect(await shelf.update([], { ref: "v2" })).toMatchObject({
      ok: true,
      skills: [{ id: "alpha", status: "updated" }],
    });
    const described = await shelf.describe("alpha");
    if (!described.ok) throw new Error(described.refusal.code);
    expect(described.description.skill.text).toBe("# alpha\n\nv2\n");
    expect(described.description.record?.source).toMatchObject({ ref: "v2", commit: next });
  });
});
