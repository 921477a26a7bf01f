// The one tree walk with a stored tree's rules (walkStoredTree), over real
// directories: the fixed order, nothing set aside or followed, a hard link
// taken as the file the store holds, names no path could be handed over
// unlooked, and each directory held open while it is walked, so one swapped
// for a link before it is entered is refused and one swapped after is still
// read as it was, never from where the link points.
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, symlinkSync } from "node:fs";
import { link, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pathInHeld, type StoredTreeEntry, walkStoredTree } from "../src/index.js";
import { folderOf, scratch } from "./support/folder.js";

type Seen = { raw: string; kind: string; detail?: string; looked: boolean; utf8: boolean };

/** Every entry the walk hands over, and how it ended. */
function walked(dir: string): { seen: Seen[]; end: unknown } {
  const seen: Seen[] = [];
  const end = walkStoredTree(dir, ({ raw, kind, detail, looked, utf8 }: StoredTreeEntry) => {
    seen.push(
      detail === undefined ? { raw, kind, looked, utf8 } : { raw, kind, detail, looked, utf8 },
    );
    return undefined;
  });
  return { seen, end };
}

const file = (raw: string): Seen => ({ raw, kind: "file", looked: true, utf8: true });
const directory = (raw: string): Seen => ({ raw, kind: "directory", looked: true, utf8: true });

describe("walking a stored tree", () => {
  it("hands over every entry depth first, names by byte order, .git and .DS_Store included", async () => {
    const root = await folderOf(
      {
        "SKILL.md": "# s\n",
        "b/x.md": "x",
        "a/y.md": "y",
        "a-b.md": "z",
        ".git/HEAD": "ref\n",
        ".DS_Store": "\u0000",
      },
      "s",
    );
    const { seen, end } = walked(root);
    expect(end).toEqual({ kind: "walked" });
    expect(seen).toEqual([
      file(".DS_Store"),
      directory(".git"),
      file(".git/HEAD"),
      file("SKILL.md"),
      directory("a"),
      file("a/y.md"),
      file("a-b.md"),
      directory("b"),
      file("b/x.md"),
    ]);
  });

  it("takes a file with a second name as a file, and names links and fifos without following or opening them", async () => {
    const root = await folderOf({ "SKILL.md": "# s\n", "d/f.md": "f" }, "s");
    const outside = join(root, "..", "outside.md");
    await writeFile(outside, "o");
    await link(outside, join(root, "twin.md"));
    await symlink("d", join(root, "to-d"));
    execFileSync("mkfifo", [join(root, "pipe")]);
    const { seen } = walked(root);
    expect(seen).toEqual([
      file("SKILL.md"),
      directory("d"),
      file("d/f.md"),
      { raw: "pipe", kind: "special", detail: "a fifo", looked: true, utf8: true },
      { raw: "to-d", kind: "link", detail: "a symbolic link", looked: true, utf8: true },
      file("twin.md"),
    ]);
  });

  it("hands over a name that is not UTF-8 without looking it up", async () => {
    const root = await folderOf({ "SKILL.md": "# s\n" }, "s");
    await writeFile(Buffer.concat([Buffer.from(`${root}/bad-`), Buffer.from([0xff])]), "x");
    const { seen } = walked(root);
    expect(seen.map(({ looked, utf8 }) => ({ looked, utf8 }))).toEqual([
      { looked: true, utf8: true },
      { looked: false, utf8: false },
    ]);
  });

  it.each([
    { name: "missing", make: async (at: string) => at },
    {
      name: "a link",
      make: async (at: string) => {
        await mkdir(`${at}-real`);
        await symlink(`${at}-real`, at);
        return at;
      },
    },
  ])("ends without an entry when the top is $name", async ({ name, make }) => {
    const top = await make(join(await scratch(), "s"));
    const { seen, end } = walked(top);
    expect(seen).toEqual([]);
    expect(end).toEqual({ kind: name === "missing" ? "missing" : "link", raw: "" });
  });

  it("stops at the caller's first answer", async () => {
    const root = await folderOf({ "a.md": "a", "b.md": "b", "c/d.md": "d" }, "s");
    const seen: string[] = [];
    const end = walkStoredTree(root, (entry) => {
      seen.push(entry.raw);
      return entry.raw === "b.md" ? "enough" : undefined;
    });
    expect(end).toEqual({ kind: "stopped", answer: "enough" });
    expect(seen).toEqual(["a.md", "b.md"]);
  });
});

describe("a directory swapped for a link while a stored tree is walked", () => {
  /** A tree whose directory `a` is swapped for a link to an outside twin when `when` is handed over. */
  async function swapping(when: string): Promise<{ seen: string[]; read: string[]; end: unknown }> {
    const base = await scratch();
    const root = join(base, "s");
    await mkdir(join(root, "a"), { recursive: true });
    await mkdir(join(base, "outside"));
    for (const name of ["1.md", "2.md"]) {
      await writeFile(join(root, "a", name), "inside\n");
      await writeFile(join(base, "outside", name), "OUTSIDE\n");
    }
    await writeFile(join(base, "outside", "3.md"), "OUTSIDE\n");
    const seen: string[] = [];
    const read: string[] = [];
    const end = walkStoredTree(root, (entry) => {
      seen.push(entry.raw);
      if (entry.kind === "file") read.push(readFileSync(pathInHeld(entry.dir, entry.name), "utf8"));
      if (entry.raw === when) {
        renameSync(join(root, "a"), join(base, "a-real"));
        symlinkSync(join(base, "outside"), join(root, "a"));
      }
      return undefined;
    });
    return { seen, read, end };
  }

  it("is refused as a link when the swap comes before it is entered", async () => {
    const { seen, end } = await swapping("a");
    expect(seen).toEqual(["a"]);
    expect(end).toEqual({ kind: "link", raw: "a" });
  });

  it.runIf(process.platform === "linux")(
    "is read on from the directory held when the swap comes after it was entered",
    async () => {
      const { seen, read, end } = await swapping("a/1.md");
      expect(end).toEqual({ kind: "walked" });
      expect(seen).toEqual(["a", "a/1.md", "a/2.md"]);
      expect(read).toEqual(["inside\n", "inside\n"]);
    },
  );
});
