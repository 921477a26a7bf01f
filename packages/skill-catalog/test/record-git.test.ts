// A git source's record: the URL without credentials, the ref as given and
// the commit the read reported, from a real repository read by the reader.
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import { commitTree, makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { recordSource } from "../src/index.js";

describe("recordSource of a git source", () => {
  it("keeps the URL without credentials, the ref, the commit read and the selection", async () => {
    const path = join(makeTempDir(), "skills");
    writeTree(path, { "alpha/SKILL.md": "# alpha\n" });
    const git = commitTree(path);
    git("tag", "v1");
    const commit = git("rev-parse", "HEAD").toString().trim();
    const read = await readBundle({ kind: "git", url: `file://${path}`, ref: "v1" });
    const origin = read.ok ? read.origin : undefined;
    const recorded = await recordSource(
      { kind: "git", url: `file://${path}`, ref: "v1" },
      { skills: ["alpha"] },
      origin,
    );
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
