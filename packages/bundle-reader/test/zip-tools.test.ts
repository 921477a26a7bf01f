// Zips made by the tools people use, read from disk and as bytes: Python's
// zipfile as Anthropic's skill packager drives it (a .skill file), Info-ZIP
// `zip` (plain, stored, streamed to a pipe, with symbolic links, encrypted,
// laid out as Finder's "Compress" does), Python's bzip2 and forced zip64,
// and `git archive --format=zip` of a real repository. Each tool is run for
// real; a missing tool fails the test rather than skipping it.
import { execFileSync } from "node:child_process";
import { chmod, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { packageSkill } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { message, readBundle } from "../src/index.js";
import { scratch, writeTree } from "./support/folder.js";
import { readBytes, refusalOf, skillsOf } from "./support/read.js";

const skillTree = {
  "pdf-tools/SKILL.md": "---\nname: pdf-tools\ndescription: Reads PDFs.\n---\n# pdf-tools\n",
  "pdf-tools/scripts/extract.py": "print('extract')\n",
  "pdf-tools/reference/café.md": "Notes.\n",
};

/** A scratch directory holding the pdf-tools skill folder (scripts executable). */
async function skillFolder(): Promise<string> {
  const dir = await scratch();
  await writeTree(dir, skillTree);
  await chmod(join(dir, "pdf-tools/scripts/extract.py"), 0o755);
  return dir;
}

const python = (dir: string, script: string): void => {
  execFileSync("python3", ["-c", script], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
};
const zip = (dir: string, ...args: string[]): void => {
  execFileSync("zip", ["-q", ...args], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
};

const pdfTools = {
  name: "pdf-tools",
  files: ["SKILL.md", "reference/café.md", "scripts/extract.py"],
  executable: ["scripts/extract.py"],
};

/** Names, paths and executable paths of what was read. */
function shape(result: Awaited<ReturnType<typeof readBundle>>) {
  return skillsOf(result).map((s) => ({
    name: s.name,
    files: s.files.map((f) => f.path),
    executable: s.files.filter((f) => f.executable).map((f) => f.path),
  }));
}

/** Reads a zip file by path and as unnamed bytes; both must agree. */
async function readBoth(path: string) {
  const fromPath = await readBundle({ kind: "path", path });
  const fromBytes = await readBytes(await readFile(path));
  return { fromPath, fromBytes };
}

describe("zips made by real tools", () => {
  it("a .skill file written as Anthropic's package_skill.py writes it", async () => {
    const dir = await skillFolder();
    packageSkill(dir, "pdf-tools");
    const { fromPath, fromBytes } = await readBoth(join(dir, "pdf-tools.skill"));
    expect(shape(fromPath)).toEqual([pdfTools]);
    expect(shape(fromBytes)).toEqual([pdfTools]);
    const text = skillsOf(fromPath)[0]!.files.find((f) => f.path === "SKILL.md")!.text;
    expect(text).toBe(skillTree["pdf-tools/SKILL.md"]);
  });

  it("a .skill file whose skill sits at the root takes the file's name", async () => {
    const dir = await skillFolder();
    packageSkill(dir, "pdf-tools", { atRoot: true });
    const path = join(dir, "pdf-tools.skill");
    expect(shape(await readBundle({ kind: "path", path }))).toEqual([pdfTools]);
    expect(refusalOf(await readBytes(await readFile(path))).code).toBe("unnamed-skill");
  });

  it.each([
    ["zip -r (deflated, with directory entries)", ["-r"]],
    ["zip -0 -r (stored)", ["-0", "-r"]],
  ])("Info-ZIP %s", async (_, flags) => {
    const dir = await skillFolder();
    zip(dir, ...flags, "pdf-tools.zip", "pdf-tools");
    const { fromPath, fromBytes } = await readBoth(join(dir, "pdf-tools.zip"));
    expect(shape(fromPath)).toEqual([pdfTools]);
    expect(shape(fromBytes)).toEqual([pdfTools]);
  });

  it("Info-ZIP writing to a pipe (data descriptors)", async () => {
    const dir = await skillFolder();
    const piped = execFileSync("zip", ["-q", "-r", "-", "pdf-tools"], { cwd: dir });
    expect(piped.includes(Buffer.from([0x50, 0x4b, 0x07, 0x08]))).toBe(true);
    expect(shape(await readBytes(piped))).toEqual([pdfTools]);
  });

  it("Info-ZIP -y keeps a symbolic link, which is refused; without -y its target is stored", async () => {
    const dir = await skillFolder();
    await symlink("SKILL.md", join(dir, "pdf-tools/AGENTS.md"));
    zip(dir, "-ry", "linked.zip", "pdf-tools");
    zip(dir, "-r", "followed.zip", "pdf-tools");
    const refusal = refusalOf(await readBundle({ kind: "path", path: join(dir, "linked.zip") }));
    expect(refusal).toMatchObject({ code: "link", path: "pdf-tools/AGENTS.md" });
    const followed = shape(await readBundle({ kind: "path", path: join(dir, "followed.zip") }));
    expect(followed[0]!.files).toContain("AGENTS.md");
  });

  it("a Finder-style zip: __MACOSX with AppleDouble files, and .DS_Store", async () => {
    const dir = await skillFolder();
    await writeTree(dir, {
      "pdf-tools/.DS_Store": Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31, 0xff]),
      "__MACOSX/pdf-tools/._SKILL.md": Buffer.from([0, 5, 0x16, 7, 0, 2, 0, 0, 0xff, 0xfe]),
      "__MACOSX/pdf-tools/scripts/._extract.py": Buffer.from([0, 5, 0x16, 7, 0xff]),
      "__MACOSX/._pdf-tools": Buffer.from([0, 5, 0x16, 7, 0xff]),
    });
    zip(dir, "-r", "pdf-tools.zip", "pdf-tools", "__MACOSX");
    const { fromPath, fromBytes } = await readBoth(join(dir, "pdf-tools.zip"));
    expect(shape(fromPath)).toEqual([pdfTools]);
    expect(shape(fromBytes)).toEqual([pdfTools]);
  });

  it("Info-ZIP encryption is refused by name, with how to repack", async () => {
    const dir = await skillFolder();
    zip(dir, "-r", "-P", "secret", "pdf-tools.zip", "pdf-tools");
    const refusal = refusalOf(await readBundle({ kind: "path", path: join(dir, "pdf-tools.zip") }));
    expect(refusal).toMatchObject({ code: "unsupported-entry", path: "pdf-tools/SKILL.md" });
    expect(message(refusal)).toContain("without a password");
  });

  it("Python's bzip2 method is refused by name", async () => {
    const dir = await skillFolder();
    python(
      dir,
      "import zipfile\nwith zipfile.ZipFile('b.zip', 'w', zipfile.ZIP_BZIP2) as z:\n    z.write('pdf-tools/SKILL.md')",
    );
    const refusal = refusalOf(await readBundle({ kind: "path", path: join(dir, "b.zip") }));
    expect(refusal).toMatchObject({ code: "unsupported-entry", path: "pdf-tools/SKILL.md" });
    expect(refusal.detail).toContain("bzip2");
  });

  it("Python's forced zip64 entries are read", async () => {
    const dir = await skillFolder();
    python(
      dir,
      [
        "import zipfile, pathlib",
        "with zipfile.ZipFile('z64.zip', 'w', zipfile.ZIP_DEFLATED) as z:",
        "    for f in sorted(pathlib.Path('pdf-tools').rglob('*')):",
        "        if f.is_file():",
        "            info = zipfile.ZipInfo.from_file(f, str(f))",
        "            with z.open(info, 'w', force_zip64=True) as out: out.write(f.read_bytes())",
      ].join("\n"),
    );
    const result = await readBundle({ kind: "path", path: join(dir, "z64.zip") });
    expect(shape(result)).toEqual([pdfTools]);
  });

  describe("git archive --format=zip of a real repository", () => {
    async function repository(): Promise<string> {
      const dir = await scratch();
      const repo = join(dir, "skills-repo");
      await mkdir(repo);
      await writeTree(repo, {
        "alpha/SKILL.md": "# alpha\n",
        "beta/SKILL.md": "# beta\n",
        "beta/run.sh": "#!/bin/sh\necho beta\n",
      });
      await chmod(join(repo, "beta/run.sh"), 0o755);
      const git = (...args: string[]) =>
        execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
          cwd: repo,
          stdio: ["ignore", "ignore", "inherit"],
        });
      git("init", "-q");
      git("add", ".");
      git("commit", "-q", "-m", "skills");
      return repo;
    }

    const collection = [
      { name: "alpha", files: ["SKILL.md"], executable: [] },
      { name: "beta", files: ["SKILL.md", "run.sh"], executable: ["run.sh"] },
    ];

    it("without a prefix, the collection is the archive's top", async () => {
      const repo = await repository();
      const out = join(repo, "..", "repo.zip");
      execFileSync("git", ["archive", "--format=zip", "-o", out, "HEAD"], { cwd: repo });
      expect(shape(await readBundle({ kind: "path", path: out }))).toEqual(collection);
    });

    it("with a prefix, as GitHub's Download ZIP wraps it, the one wrapper is removed", async () => {
      const repo = await repository();
      const bytes = execFileSync(
        "git",
        ["archive", "--format=zip", "--prefix=skills-repo-main/", "HEAD"],
        {
          cwd: repo,
        },
      );
      expect(shape(await readBytes(bytes))).toEqual(collection);
    });

    it("a committed symbolic link is a link", async () => {
      const repo = await repository();
      await symlink("SKILL.md", join(repo, "alpha/CLAUDE.md"));
      execFileSync("git", ["add", "."], { cwd: repo });
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "link"], {
        cwd: repo,
      });
      const bytes = execFileSync("git", ["archive", "--format=zip", "HEAD"], { cwd: repo });
      expect(refusalOf(await readBytes(bytes))).toMatchObject({
        code: "link",
        path: "alpha/CLAUDE.md",
      });
    });
  });

  it("a zip file is read as a zip whatever its name", async () => {
    const dir = await skillFolder();
    zip(dir, "-r", "bundle.tgz", "pdf-tools");
    await writeFile(join(dir, "notes.txt"), "");
    expect(shape(await readBundle({ kind: "path", path: join(dir, "bundle.tgz") }))).toEqual([
      pdfTools,
    ]);
  });
});
