// --path, --skill and --list through the built binary, on a real repository
// laid out as public skill repositories are (skills under skills/, a
// template skill, a dot-directory, a README, a PNG and a CLAUDE.md symbolic
// link at the top): its folder, `git archive` of it as a tar, and a
// GitHub-style zip (`git archive --format=zip --prefix=repo-main/`); and a
// clone named `skills`, as cloning anthropics/skills names it.
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { commitTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, writeTree } from "./support/trees.js";

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]);
const skill = (name: string): string =>
  `---\nname: ${name}\ndescription: Does ${name}; use it when ${name} is asked for.\n---\n`;

const yes = { importable: true };

function repository(): { folder: string; tar: string; zip: string } {
  const base = makeTempDir("skillshelf-cli-select-");
  const folder = join(base, "repo");
  writeTree(folder, {
    "README.md": "# skills\n",
    "logo.png": png,
    ".claude-plugin/marketplace.json": "{}\n",
    "skills/pdf/SKILL.md": skill("pdf"),
    "skills/canvas/SKILL.md": skill("canvas"),
    "skills/canvas/fonts/a.ttf": png,
    "template/SKILL.md": skill("template"),
  });
  symlinkSync("AGENTS.md", join(folder, "CLAUDE.md"));
  const git = commitTree(folder);
  const tar = join(base, "repo.tar");
  const zip = join(base, "repo-main.zip");
  git("archive", "--format=tar", "-o", tar, "HEAD");
  git("archive", "--format=zip", "--prefix=repo-main/", "-o", zip, "HEAD");
  return { folder, tar, zip };
}

describe("a whole repository through the CLI", () => {
  it("check --list names the skills, the --path of each, and whether each imports alone", async () => {
    const { zip } = repository();
    const run = await runBin(["check", zip, "--list", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(parseJson(run)).toEqual({
      ok: true,
      listing: {
        root: "repo-main",
        skills: [
          { name: "template", directory: "repo-main/template", path: "", verdict: yes },
          {
            name: "canvas",
            directory: "repo-main/skills/canvas",
            path: "skills",
            verdict: {
              importable: false,
              refusal: {
                code: "not-utf8",
                path: "repo-main/skills/canvas/fonts/a.ttf",
                concerns: [{ skill: "canvas", count: 1 }],
              },
            },
          },
          { name: "pdf", directory: "repo-main/skills/pdf", path: "skills", verdict: yes },
        ],
        setAside: ["repo-main/.claude-plugin"],
      },
    });
    const human = await runBin(["check", zip, "--list"]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^PATH\s+SKILL\s+IMPORTS\s+DIRECTORY\n/);
    expect(human.stdout).toMatch(/\nskills\s+pdf\s+yes\s+repo-main\/skills\/pdf\n/);
    expect(human.stdout).toMatch(
      /\nskills\s+canvas\s+no \(not-utf8\)\s+repo-main\/skills\/canvas\n/,
    );
    expect(human.stdout).toContain(
      "canvas: The file 'repo-main/skills/canvas/fonts/a.ttf' is not valid UTF-8 text",
    );
    // Worded for the command line: the flag, not the library's option.
    expect(human.stdout).toContain("--skip canvas");
    expect(human.stdout).not.toContain("skip: [");
    expect(human.stdout).toContain("set aside: repo-main/.claude-plugin");
  });

  it.each(["folder", "tar", "zip"] as const)(
    "refuses the whole repository from the %s with where its skills are, before its link or font",
    async (form) => {
      const sources = repository();
      const run = await runBin(["check", sources[form], "--json"]);
      expect(run.code).toBe(1);
      const { refusal, message } = parseJson(run) as {
        refusal: { code: string; found: unknown };
        message: string;
      };
      expect(refusal.code).toBe("stray-file");
      expect(refusal.found).toEqual([{ path: "skills", count: 2 }]);
      expect(message).toContain("CLAUDE.md' lies beside the skill directories");
      expect(message).toContain("import with --path skills");
    },
  );

  it("names the skills at fault and imports the others with --skip", async () => {
    const { zip } = repository();
    const refused = await runBin(["check", zip, "--path", "skills"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "the skill at fault is canvas (1 file): import the others with --skip canvas.",
    );
    const { args } = makeRoots();
    const run = await runBin([
      "import",
      zip,
      "--path",
      "skills",
      "--skip",
      "canvas",
      "--json",
      ...args,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect((parseJson(run).skills as { id: string }[]).map((s) => s.id)).toEqual(["pdf"]);
  });

  it("names the skills refused on their own (id, identity, frontmatter, size) and imports the others with --skip", async () => {
    const base = makeTempDir("skillshelf-cli-select-");
    const folder = join(base, "collection");
    writeTree(folder, {
      "pdf/SKILL.md": skill("pdf"),
      "Bad_Id/SKILL.md": skill("Bad_Id"),
      "notes/SKILL.md": skill("memo"),
      "broken/SKILL.md": "---\nname: [broken\n---\n",
      "huge/SKILL.md": `${skill("huge")}${"x".repeat(262_145)}`,
    });
    const refused = await runBin(["check", folder, "--json"]);
    expect(refused.code).toBe(1);
    const { refusal, message } = parseJson(refused) as {
      refusal: { code: string; concerns: unknown };
      message: string;
    };
    expect(refusal.code).toBe("invalid-id");
    expect(refusal.concerns).toEqual([
      { skill: "Bad_Id", count: 1 },
      { skill: "broken", count: 1 },
      { skill: "huge", count: 1 },
      { skill: "notes", count: 1 },
    ]);
    expect(message).toMatch(
      /; the skills at fault are 'Bad_Id', 'broken', 'huge', 'notes': import the others with --skip Bad_Id --skip broken --skip huge --skip notes\.$/,
    );
    // A listing judges each alone, and names it among the five of its level.
    const listed = await runBin(["check", folder, "--list", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const verdicts = (
      parseJson(listed).listing as { skills: { name: string; verdict: unknown }[] }
    ).skills.map(({ name, verdict }) => [name, verdict]);
    expect(verdicts).toMatchObject([
      ["Bad_Id", { importable: false, refusal: { code: "invalid-id" } }],
      ["broken", { importable: false, refusal: { code: "invalid-frontmatter" } }],
      ["huge", { importable: false, refusal: { code: "skill-file-too-large" } }],
      ["notes", { importable: false, refusal: { code: "identity-mismatch" } }],
      ["pdf", { importable: true }],
    ]);
    for (const [name, verdict] of verdicts.slice(0, 4)) {
      expect((verdict as { refusal: { concerns: unknown } }).refusal.concerns).toEqual([
        { skill: name, count: 1 },
      ]);
    }
    const { args } = makeRoots();
    const skipped = ["--skip", "Bad_Id", "--skip", "broken", "--skip", "huge", "--skip", "notes"];
    const run = await runBin(["import", folder, ...skipped, "--json", ...args]);
    expect(run.code, run.stderr).toBe(0);
    expect((parseJson(run).skills as { id: string }[]).map((s) => s.id)).toEqual(["pdf"]);
    // A lone skill refused on its own is offered no skip: it would import nothing.
    const lone = await runBin(["check", join(folder, "notes")]);
    expect(lone.code).toBe(1);
    expect(lone.stderr).toContain("declares the id 'memo' instead");
    expect(lone.stderr).not.toContain("--skip");
  });

  it("says under which --path a skill lies when --skill names it at the wrong level", async () => {
    const { zip } = repository();
    const run = await runBin(["check", zip, "--skill", "pdf"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "The skill 'pdf' is not at the level read (which holds 'template'); it lies under 'skills/': import it with --path skills --skill pdf",
    );
  });

  it("tells a .skill file with files at its root to rename the archive, not a folder it lacks", async () => {
    const base = makeTempDir("skillshelf-cli-select-");
    writeTree(join(base, "in"), { "SKILL.md": skill("pdf-tools") });
    const archive = join(base, "pdf.skill");
    execFileSync("zip", ["-qr", archive, "."], { cwd: join(base, "in") });
    const run = await runBin(["check", archive, ...makeRoots().args]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "files at an archive's root take the archive's file name as their id, so rename the archive 'pdf' to 'pdf-tools'",
    );
    expect(run.stderr).not.toContain("folder");
    // A skill in a folder is told to rename the folder, and only that.
    writeTree(join(base, "tree"), { "pdf/SKILL.md": skill("pdf-tools") });
    const folder = await runBin(["check", join(base, "tree", "pdf"), ...makeRoots().args]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(
      "a skill's id is its folder's name, so rename the folder 'pdf' to 'pdf-tools'",
    );
    expect(folder.stderr).not.toContain("archive");
  });

  it("says where the skills are when the whole repository is refused", async () => {
    const { tar } = repository();
    const written = join(makeTempDir("skillshelf-cli-select-"), "repo");
    execFileSync("tar", ["-xf", tar, "-C", join(written, ".."), "--one-top-level=repo"]);
    // Without the link and the PNG, the first problem is the README beside the skills.
    execFileSync("rm", [join(written, "CLAUDE.md"), join(written, "logo.png")]);
    execFileSync("rm", ["-r", join(written, "skills/canvas/fonts")]);
    const run = await runBin(["check", written]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "The file 'repo/README.md' lies beside the skill directories; move it into a skill or remove it; 2 skills were found under 'skills/': import with --path skills",
    );
  });

  it("gives a --path that works for a clone named after its skills/ directory", async () => {
    // `git clone <url>/skills` makes `skills/skills/<skill>`: the folder's own name is `skills`.
    const { folder } = repository();
    const clone = join(makeTempDir("skillshelf-cli-select-"), "skills");
    execFileSync("git", ["clone", "-q", "--local", folder, clone]);
    const refused = await runBin(["check", clone]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "2 skills were found under 'skills/skills/': import with --path skills/skills.",
    );
    const { args, data } = makeRoots();
    const run = await runBin([
      "import",
      clone,
      "--path",
      "skills/skills",
      "--skill",
      "pdf",
      ...args,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const listed = parseJson(await runBin(["list", "--json", "--data", data]));
    expect((listed.index as { id: string }[]).map((s) => s.id)).toEqual(["pdf"]);
  });

  it.each(["folder", "tar", "zip"] as const)(
    "imports chosen skills from the %s with --path and --skill",
    async (form) => {
      const sources = repository();
      const { args, data } = makeRoots();
      const run = await runBin([
        "import",
        sources[form],
        "--path",
        "skills",
        "--skill",
        "pdf",
        "--json",
        ...args,
      ]);
      expect(run.code, run.stderr).toBe(0);
      const answer = parseJson(run) as { skills: { id: string }[]; warnings: unknown[] };
      expect(answer.skills.map((s) => s.id)).toEqual(["pdf"]);
      expect(answer.warnings).toEqual([]);
      const listed = parseJson(await runBin(["list", "--json", "--data", data]));
      expect((listed.index as { id: string }[]).map((s) => s.id)).toEqual(["pdf"]);
    },
  );

  it("names every binary file of a selection, and a skill it does not hold", async () => {
    const { zip } = repository();
    const binary = await runBin(["check", zip, "--path", "skills", "--json"]);
    expect(binary.code).toBe(1);
    expect(parseJson(binary)).toMatchObject({
      refusal: { code: "not-utf8", path: "repo-main/skills/canvas/fonts/a.ttf" },
    });
    const missing = await runBin(["check", zip, "--path", "skills", "--skill", "docx"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      "The source holds no skill 'docx'; it holds 'canvas' and 'pdf'",
    );
  });
});
