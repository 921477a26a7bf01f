// A stored skill's files as the directory store (and the builtin root) hands
// them back, read through bundle-reader's one tree walk: the tree exactly as
// stored (.git and a file with a second name included), sorted by path, and
// the first problem found in the walk's fixed order, so two problems give
// the same refusal however the system lists the names.
import { execFileSync } from "node:child_process";
import { link, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DirectoryStore } from "../src/index.js";
import { makeTempDir, skillText, writeSkills } from "./trees.js";

/** A directory store holding skill `s` with `files` beside its SKILL.md. */
async function storeWith(
  files: Record<string, string>,
): Promise<{ store: DirectoryStore; dir: string }> {
  const root = await makeTempDir();
  await writeSkills(root, { s: skillText("s") });
  const dir = join(root, "s");
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return { store: new DirectoryStore(root), dir };
}

const pathsOf = async (store: DirectoryStore): Promise<unknown> => {
  const read = await store.files("s");
  return read.ok ? read.files.map((file) => file.path) : read;
};

describe("a stored skill's files", () => {
  it("are every file as stored, .git and a second name included, in path order", async () => {
    const { store, dir } = await storeWith({ "a/y.md": "y", "a-b.md": "z", ".git/HEAD": "ref\n" });
    await link(join(dir, "a-b.md"), join(dir, "twin.md"));
    expect(await pathsOf(store)).toEqual([".git/HEAD", "SKILL.md", "a-b.md", "a/y.md", "twin.md"]);
  });

  it("are refused at the first problem in the walk's order", async () => {
    const { store, dir } = await storeWith({ "b/ok.md": "b", "c/ok.md": "c" });
    execFileSync("mkfifo", [join(dir, "c", "pipe")]);
    await symlink("ok.md", join(dir, "b", "link.md"));
    expect(await store.files("s")).toEqual({
      ok: false,
      refusal: { code: "link", path: "b/link.md" },
    });
  });

  it("are refused with the contract's reason for a name that is not UTF-8", async () => {
    const { store, dir } = await storeWith({});
    await writeFile(Buffer.concat([Buffer.from(`${dir}/bad-`), Buffer.from([0xff])]), "x");
    expect(await store.files("s")).toMatchObject({
      ok: false,
      refusal: { code: "unsafe-path", why: "not-utf8" },
    });
  });
});
