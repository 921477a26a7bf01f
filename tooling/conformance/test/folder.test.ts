// The folder and upload builders write what a case says: modes, links,
// fifos, names as raw bytes, large files as sparse runs of zeros, and upload
// paths that begin with the chosen folder's name.
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildFolder, buildUploads, type Case, cases, makeScratchDir } from "../src/index.js";

const byName = (name: string): Case => {
  const found = cases.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no case ${name}`);
  return found;
};

describe("buildFolder", () => {
  it("names the folder after the root and writes modes", async () => {
    const root = await buildFolder(
      byName("the owner-execute bit marks a file executable"),
      await makeScratchDir(),
    );
    expect(root.endsWith("/bundle")).toBe(true);
    expect((await lstat(join(root, "s/run.sh"))).mode & 0o7777).toBe(0o755);
    expect((await lstat(join(root, "s/group.sh"))).mode & 0o7777).toBe(0o654);
    expect((await lstat(join(root, "s/setuid.sh"))).mode & 0o7777).toBe(0o4777);
    expect(await readFile(join(root, "s/run.sh"), "utf8")).toBe("#!/bin/sh\n");
  });

  it("writes symbolic links, hard links with a twin outside, and fifos", async () => {
    const parent = await makeScratchDir();
    const link = await buildFolder(byName("a symbolic link"), join(parent, "a"));
    expect(await readlink(join(link, "s/link.md"))).toBe("SKILL.md");
    const hard = await buildFolder(byName("a hard link"), join(parent, "b"));
    expect((await lstat(join(hard, "s/again.md"))).nlink).toBe(2);
    expect((await lstat(join(hard, "s/SKILL.md"))).nlink).toBe(1);
    const fifo = await buildFolder(byName("a fifo entry"), join(parent, "c"));
    expect((await lstat(join(fifo, "s/special"))).isFIFO()).toBe(true);
  });

  it("writes names that are not UTF-8 as raw bytes", async () => {
    const root = await buildFolder(byName("a name that is not UTF-8"), await makeScratchDir());
    const names = await readdir(Buffer.from(join(root, "s")), { encoding: "buffer" });
    expect(names.map((n) => n.toString("hex"))).toContain(
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x6d, 0x64]).toString("hex"),
    );
  });

  it("writes large files sparsely", async () => {
    const root = await buildFolder(byName("a file beyond 64 MiB"), await makeScratchDir());
    const stat = await lstat(join(root, "s/big.txt"));
    expect(stat.size).toBe(64 * 1024 * 1024 + 1);
    expect(stat.blocks * 512).toBeLessThan(1024 * 1024);
  });

  it("returns a path to nothing for a missing source", async () => {
    const root = await buildFolder(byName("a folder that does not exist"), await makeScratchDir());
    await expect(lstat(root)).rejects.toThrow(/ENOENT/);
  });
});

describe("buildUploads", () => {
  it("sends files only, under the folder's name", () => {
    const uploads = buildUploads(byName("an empty directory inside a skill adds no file"));
    expect(uploads.map((u) => u.path)).toEqual(["bundle/s/SKILL.md"]);
    const dotted = buildUploads(byName("a bare archive's leading ./ is dropped"));
    expect(dotted.map((u) => u.path)).toEqual(["dotted/SKILL.md", "dotted/scripts/run.md"]);
  });
});
