// `skillshelf remove` on a full disk, through the built CLI: removing a
// skill is how an operator frees space with the tool, so it must need no
// new space beyond a rename. It once failed there (store-failed), because
// the lock's owner file and a fresh transaction directory both needed
// blocks. The data directory is a real small file system, filled to the
// last byte before the removal.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { fillDisk, mountSmallDisk } from "./support/small-disk.js";
import { makeTempDir, skillFile, writeTree } from "./support/trees.js";

describe("remove on a full disk", () => {
  it("removes the skill and frees its space", async (context) => {
    const disk = mountSmallDisk(8);
    if ("skipped" in disk) {
      context.skip(disk.skipped);
      return;
    }
    const workspace = makeTempDir("skillshelf-cli-ws-");
    const args = ["--workspace", workspace, "--data", join(disk.dir, "data")];
    const source = join(makeTempDir("skillshelf-cli-src-"), "bundle");
    writeTree(source, {
      "alpha/SKILL.md": skillFile("alpha"),
      "alpha/big.md": `${"a".repeat(99)}\n`.repeat(4_000),
      "beta/SKILL.md": skillFile("beta"),
    });
    expect((await runBin(["import", source, ...args])).code).toBe(0);
    fillDisk(join(disk.dir, "filler"));
    expect(() => writeFileSync(join(disk.dir, "probe"), "x")).toThrow(/ENOSPC/);
    if (disk.kind === "ext4") expect(() => mkdirSync(join(disk.dir, "d"))).toThrow(/ENOSPC/);

    const removed = await runBin(["remove", "alpha", ...args]);
    expect(removed.stderr).toBe("");
    expect(removed.code).toBe(0);
    const listed = parseJson(await runBin(["list", "--json", ...args]));
    expect((listed.index as { id: string }[]).map((skill) => skill.id)).toEqual(["beta"]);
    // Its 400 KB are free again.
    writeFileSync(join(disk.dir, "probe"), "x".repeat(100_000));
  });
});
