// Folders as real directories in a temporary place: the collection and root
// rules, exact text and modes, set-aside entries, links, fifos, names that
// are not UTF-8, collisions, and the limits checked from lstat before reading.
import { execFileSync } from "node:child_process";
import { chmod, link, mkdir, open, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readBundle } from "../src/index.js";
import { folderOf, scratch } from "./support/folder.js";
import { readPathOf, refusalOf, shapeOf, skillsOf } from "./support/read.js";

const skill = (name: string): Record<string, string> => ({ [`${name}/SKILL.md`]: `# ${name}\n` });

describe("a folder", () => {
  it("is a collection of its skill directories, named by directory", async () => {
    const root = await folderOf({ ...skill("alpha"), ...skill("beta"), "beta/ref/a.md": "a\n" });
    expect(shapeOf(await readPathOf(root))).toEqual({
      alpha: ["SKILL.md"],
      beta: ["SKILL.md", "ref/a.md"],
    });
  });

  it("holding SKILL.md itself is one skill named after the folder", async () => {
    const root = await folderOf({ "SKILL.md": "# solo\n", "notes.md": "n\n" }, "solo");
    expect(shapeOf(await readPathOf(root))).toEqual({ solo: ["SKILL.md", "notes.md"] });
  });

  it("keeps the bytes exactly, a byte order mark included, their text, and the owner-execute bit", async () => {
    const root = await folderOf({
      ...skill("s"),
      "s/bom.md": "\ufeffhello\r\n",
      "s/run.sh": "#!/bin/sh\n",
    });
    await chmod(join(root, "s/run.sh"), 0o744);
    const [s] = skillsOf(await readPathOf(root));
    const seen = s!.files.map(({ path, bytes, text, executable }) => ({
      path,
      bytes: Buffer.from(bytes).toString("hex"),
      text,
      executable,
    }));
    const hex = (text: string): string => Buffer.from(text).toString("hex");
    expect(seen).toEqual([
      { path: "SKILL.md", bytes: hex("# s\n"), text: "# s\n", executable: false },
      { path: "bom.md", bytes: "efbbbf68656c6c6f0d0a", text: "\ufeffhello\r\n", executable: false },
      { path: "run.sh", bytes: hex("#!/bin/sh\n"), text: "#!/bin/sh\n", executable: true },
    ]);
  });

  it("reads the same through a relative path and a trailing slash", async () => {
    const root = await folderOf(skill("s"));
    const result = await readBundle({ kind: "path", path: `${root}/` });
    expect(shapeOf(result)).toEqual({ s: ["SKILL.md"] });
  });

  it("sets aside macOS metadata and .git, which do not make a skill", async () => {
    const root = await folderOf({
      ...skill("s"),
      ".DS_Store": "\u0000\u0001binary",
      "s/._SKILL.md": "\u0000\u0005",
      ".git/HEAD": "ref: refs/heads/main\n",
      ".git/objects/ab/cdef": Buffer.from([0xff, 0xfe]),
    });
    expect(shapeOf(await readPathOf(root))).toEqual({ s: ["SKILL.md"] });
  });

  it("holding only set-aside entries has no skills", async () => {
    const root = await folderOf({ ".DS_Store": "x", ".git/HEAD": "x" });
    expect(refusalOf(await readPathOf(root))).toEqual({ code: "no-skills" });
  });

  it.each([
    ["a symbolic link", (p: string) => symlink("SKILL.md", p)],
    ["a symbolic link to a directory", (p: string) => symlink(".", p)],
    ["a set-aside name that is a link", (p: string) => symlink("SKILL.md", p), "._x"],
  ])("refuses %s as link", async (_, make, name = "link.md") => {
    const root = await folderOf(skill("s"));
    await make(join(root, "s", name));
    expect(refusalOf(await readPathOf(root))).toMatchObject({
      code: "link",
      path: `bundle/s/${name}`,
    });
  });

  it("refuses a file with a second hard link as link", async () => {
    const root = await folderOf(skill("s"));
    const twin = join(root, "..", "outside.md");
    await writeFile(twin, "x");
    await link(twin, join(root, "s/again.md"));
    expect(refusalOf(await readPathOf(root))).toMatchObject({
      code: "link",
      path: "bundle/s/again.md",
    });
  });

  it("refuses a fifo as not-regular-file, without opening it", async () => {
    const root = await folderOf(skill("s"));
    execFileSync("mkfifo", [join(root, "s/pipe")]);
    expect(refusalOf(await readPathOf(root))).toEqual({
      code: "not-regular-file",
      path: "bundle/s/pipe",
      detail: "a fifo",
    });
  });

  it("refuses a name that is not UTF-8 as an unsafe path", async () => {
    const root = await folderOf(skill("s"));
    await writeFile(
      Buffer.concat([Buffer.from(`${root}/s/bad-`), Buffer.from([0xff]), Buffer.from(".md")]),
      "x",
    );
    expect(refusalOf(await readPathOf(root))).toMatchObject({
      code: "unsafe-path",
      why: "not-utf8",
    });
  });

  it("refuses content that is not UTF-8, naming the file", async () => {
    const root = await folderOf({ ...skill("s"), "s/logo.png": Buffer.from([0x89, 0x50, 0xff]) });
    expect(refusalOf(await readPathOf(root))).toEqual({
      code: "not-utf8",
      path: "bundle/s/logo.png",
    });
  });

  it("refuses names that fold together as duplicate-path", async () => {
    const root = await folderOf({ ...skill("s"), "s/Notes.md": "a", "s/notes.md": "b" });
    expect(refusalOf(await readPathOf(root))).toEqual({
      code: "duplicate-path",
      path: "bundle/s/notes.md",
      other: "bundle/s/Notes.md",
    });
  });

  it("refuses more than 10,000 entries before reading any file", async () => {
    const root = await folderOf(skill("s"));
    for (let d = 0; d < 10; d++) {
      const dir = join(root, "s", `d${d}`);
      await mkdir(dir);
      await Promise.all(Array.from({ length: 1000 }, (_, i) => writeFile(join(dir, `${i}`), "")));
    }
    expect(refusalOf(await readPathOf(root))).toEqual({ code: "too-many-entries", limit: 10_000 });
  }, 60_000);

  it("refuses files summing past 64 MiB from their sizes, without reading them", async () => {
    const root = await folderOf(skill("s"));
    for (const name of ["a.md", "b.md"]) {
      const handle = await open(join(root, "s", name), "w");
      await handle.truncate(40 * 1024 * 1024);
      await handle.close();
    }
    const started = performance.now();
    expect(refusalOf(await readPathOf(root))).toEqual({
      code: "too-large",
      limit: 64 * 1024 * 1024,
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it.skipIf(process.getuid?.() === 0)("refuses a directory it may not list", async () => {
    const root = await folderOf({ ...skill("s"), "s/locked/x.md": "x" });
    await chmod(join(root, "s/locked"), 0);
    expect(refusalOf(await readPathOf(root))).toMatchObject({
      code: "unreadable-source",
      path: "bundle/s/locked",
    });
    await chmod(join(root, "s/locked"), 0o755);
  });

  it("refuses a path that does not exist as unreadable, saying why", async () => {
    const missing = join(await scratch(), "nowhere");
    expect(refusalOf(await readPathOf(missing))).toEqual({
      code: "unreadable-source",
      path: missing,
      detail: "no such file or directory, ENOENT",
    });
  });

  it("refuses a fifo given as the source as no archive, without opening it", async () => {
    const pipe = join(await scratch(), "bundle.tar");
    execFileSync("mkfifo", [pipe]);
    expect(refusalOf(await readPathOf(pipe))).toMatchObject({ code: "not-an-archive" });
  });
});
