// One file of a directory store read by its path (DirectoryStore.readFile,
// what MCP's resources/read asks): opened in one go by its plain path and
// taken only when the file opened is the one at the store's canonical path
// (held-directory.ts's readResolved), else read through held directories.
// A link anywhere below the root is refused as before, whether it stays in
// place or is swapped in and out while the store is read; a root reached
// through a link is read as the store.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makeTempDir, startSwapLoop, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { DirectoryStore } from "../src/index.js";

const OUTSIDE = "OUTSIDE-BYTES";

/** A store with skills `victim` and `nested`, and their outside twins, which hold OUTSIDE. */
async function storeWithOutside() {
  const dir = makeTempDir("skillshelf-store-read-");
  const root = join(dir, "skills");
  writeTree(join(root, "victim"), { "SKILL.md": "# victim\n", "refs/guide.md": "inside\n" });
  writeTree(join(root, "nested"), { "SKILL.md": "# nested\n", "refs/guide.md": "inside\n" });
  const outside = join(dir, "outside");
  writeTree(join(outside, "victim"), {
    "SKILL.md": `# victim\n\n${OUTSIDE}\n`,
    "secret.txt": `${OUTSIDE}\n`,
    "refs/guide.md": `${OUTSIDE}\n`,
  });
  writeTree(join(outside, "refs"), { "guide.md": `${OUTSIDE}\n`, "secret.txt": `${OUTSIDE}\n` });
  return { dir, root, outside, store: new DirectoryStore(root) };
}

const text = (read: Awaited<ReturnType<DirectoryStore["readFile"]>>): string | undefined =>
  read.kind === "bytes" ? Buffer.from(read.bytes).toString("utf8") : undefined;

describe("DirectoryStore.readFile", () => {
  it.each([
    { name: "a file at the top of a skill", id: "victim", path: "SKILL.md", want: "# victim\n" },
    { name: "a file one level down", id: "nested", path: "refs/guide.md", want: "inside\n" },
  ])("reads $name", async ({ id, path, want }) => {
    const { store } = await storeWithOutside();
    expect(text(await store.readFile(id, path))).toBe(want);
  });

  it.each([
    {
      name: "a skill directory that is a link",
      place: async (s: Awaited<ReturnType<typeof storeWithOutside>>) => {
        await symlink(join(s.outside, "victim"), join(s.root, "linked"));
      },
      id: "linked",
      path: "SKILL.md",
    },
    {
      name: "a directory inside a skill that is a link",
      place: async (s: Awaited<ReturnType<typeof storeWithOutside>>) => {
        await symlink(join(s.outside, "refs"), join(s.root, "victim", "more"));
      },
      id: "victim",
      path: "more/secret.txt",
    },
    {
      name: "a file that is a link",
      place: async (s: Awaited<ReturnType<typeof storeWithOutside>>) => {
        await symlink(join(s.outside, "refs", "secret.txt"), join(s.root, "victim", "secret.txt"));
      },
      id: "victim",
      path: "secret.txt",
    },
  ])("refuses $name", async ({ place, id, path }) => {
    const shelf = await storeWithOutside();
    await place(shelf);
    expect(await shelf.store.readFile(id, path)).toEqual({ kind: "link" });
  });

  it("reads a store whose root is reached through a link", async () => {
    const { dir, root } = await storeWithOutside();
    await mkdir(join(dir, "elsewhere"));
    await symlink(root, join(dir, "elsewhere", "skills"));
    const store = new DirectoryStore(join(dir, "elsewhere", "skills"));
    expect(text(await store.readFile("nested", "refs/guide.md"))).toBe("inside\n");
    await writeFile(join(root, "nested", "refs", "guide.md"), "edited\n");
    expect(text(await store.readFile("nested", "refs/guide.md"))).toBe("edited\n");
  });

  it.each(["exchange", "renames"] as const)(
    "never reads a byte from outside while a directory is swapped for a link (%s)",
    async (way) => {
      const { dir, root, outside, store } = await storeWithOutside();
      const loop = await startSwapLoop(
        [
          { target: join(root, "victim"), outside: join(outside, "victim") },
          { target: join(root, "nested", "refs"), outside: join(outside, "refs") },
        ],
        join(dir, "stash"),
        { way },
      );
      const reads: [string, string][] = [
        ["victim", "SKILL.md"],
        ["victim", "refs/guide.md"],
        ["victim", "secret.txt"],
        ["nested", "refs/guide.md"],
        ["nested", "refs/secret.txt"],
      ];
      const leaked: string[] = [];
      let inside = 0;
      try {
        for (let round = 0; round < 2_000; round++) {
          for (const [id, path] of reads) {
            const got = text(await store.readFile(id, path));
            if (got?.includes(OUTSIDE)) leaked.push(`${id}/${path}`);
            else if (got !== undefined) inside += 1;
          }
          if (round % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        expect(await loop.stop()).toBeGreaterThan(0);
      }
      expect(leaked).toEqual([]);
      expect(inside).toBeGreaterThan(0);
    },
  );
});
