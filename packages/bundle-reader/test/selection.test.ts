// A whole skills repository, laid out as public ones are (skills under
// skills/, a template skill, a plugin manifest in a dot-directory, a README,
// a PNG logo and a CLAUDE.md symbolic link at the top), read as a real folder
// holding a git clone, as GNU tar packs it, as `git archive` of a real
// repository packs it, and under a GitHub-style "repo-main/" wrapper: the
// whole source is refused with a sentence that says where the skills are,
// `path` and `skills` select them, and listBundle lists them.
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { commitTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { listBundle, message, readBundle, type Source } from "../src/index.js";
import { folderOf } from "./support/folder.js";
import { refusalOf, shapeOf } from "./support/read.js";

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]);
const skill = (name: string): string =>
  `---\nname: ${name}\ndescription: Does ${name}; use it when ${name} is asked for.\n---\n`;

/** The repository's files; CLAUDE.md (a symbolic link) is added on disk. */
const files: Record<string, string | Uint8Array> = {
  "README.md": "# skills\n",
  "logo.png": png,
  ".claude-plugin/marketplace.json": "{}\n",
  "skills/pdf/SKILL.md": skill("pdf"),
  "skills/pdf/scripts/fill.py": "print('x')\n",
  "skills/canvas/SKILL.md": skill("canvas"),
  "skills/canvas/fonts/a.ttf": png,
  "skills/canvas/fonts/b.ttf": png,
  "skills/notes/SKILL.md": skill("notes"),
  "template/SKILL.md": skill("template-skill"),
};

async function repository(name = "repo"): Promise<string> {
  const root = await folderOf(files, name);
  symlinkSync("AGENTS.md", join(root, "CLAUDE.md"));
  commitTree(root);
  return root;
}

/** Every form of the repository: the folder (with its .git), GNU tar, git archive, a wrapped git archive. */
async function forms(): Promise<{ form: string; source: Source; top: string }[]> {
  const root = await repository();
  const gnu = execFileSync("tar", ["--format=gnu", "-cf", "-", "-C", join(root, ".."), "repo"]);
  const bare = execFileSync("git", ["-C", root, "archive", "--format=tar", "HEAD"]);
  const wrapped = execFileSync("git", [
    "-C",
    root,
    "archive",
    "--format=tar",
    "--prefix=repo-main/",
    "HEAD",
  ]);
  return [
    { form: "folder", source: { kind: "path", path: root }, top: "repo" },
    { form: "GNU tar", source: { kind: "archive", bytes: gnu }, top: "repo" },
    { form: "git archive", source: { kind: "archive", bytes: bare }, top: "" },
    { form: "GitHub-style wrapper", source: { kind: "archive", bytes: wrapped }, top: "repo-main" },
  ];
}

describe("a whole repository", () => {
  it("is refused with where the skills are, in every form, before its link or logo is judged", async () => {
    for (const { form, source, top } of await forms()) {
      const refusal = refusalOf(await readBundle(source));
      const at = top === "" ? "" : `${top}/`;
      // The layout first: the link at the top is a stray file, not a link refused.
      expect(refusal, form).toEqual({
        code: "stray-file",
        path: `${at}CLAUDE.md`,
        found: [{ path: "skills", count: 3 }],
      });
      expect(message(refusal), form).toContain('read it with the option path: "skills"');
    }
  });

  it("says 'no skills at the top' when the top holds none, whatever lies beside", async () => {
    const rest = Object.entries(files).filter(([path]) => !path.startsWith("template/"));
    const root = await folderOf(Object.fromEntries(rest), "repo-main");
    symlinkSync("AGENTS.md", join(root, "CLAUDE.md"));
    const refusal = refusalOf(await readBundle({ kind: "path", path: root }));
    expect(refusal).toEqual({
      code: "no-skills",
      path: "repo-main",
      found: [{ path: "skills", count: 3 }],
    });
    expect(message(refusal)).toBe(
      "No skills at the top of 'repo-main'; 3 skills were found under 'skills/': read it with the option path: \"skills\".",
    );
  });

  it("skips the skills named and imports the rest, the skipped never judged", async () => {
    for (const { form, source } of await forms()) {
      const result = await readBundle(source, { path: "skills", skip: ["canvas"] });
      expect(shapeOf(result), form).toEqual({
        notes: ["SKILL.md"],
        pdf: ["SKILL.md", "scripts/fill.py"],
      });
    }
  });

  it("says under which path a skill lies when it is asked for at the wrong level", async () => {
    for (const { form, source } of await forms()) {
      const refusal = refusalOf(await readBundle(source, { skills: ["pdf"] }));
      expect(refusal, form).toEqual({
        code: "not-in-source",
        skill: "pdf",
        held: ["template"],
        found: [{ path: "skills", count: 3 }],
      });
      expect(message(refusal), form).toContain(
        `it lies under 'skills/': read it with the options path: "skills", skills: ["pdf"]`,
      );
    }
  });

  it("judges each listed skill alone on request", async () => {
    const { source } = (await forms())[0]!;
    const listed = await listBundle(source, { judge: true });
    if (!listed.ok) throw new Error(listed.refusal.code);
    const verdicts = listed.listing.skills.map((skill) => [
      skill.name,
      skill.verdict?.importable === true ? "yes" : (skill.verdict?.refusal.code ?? "unjudged"),
    ]);
    expect(verdicts).toEqual([
      ["template", "yes"],
      ["canvas", "not-utf8"],
      ["notes", "yes"],
      ["pdf", "yes"],
    ]);
  });

  it("without the link, names the first stray file and where the skills are", async () => {
    const text = Object.entries(files).filter(([path]) => !/\.(png|ttf)$/.test(path));
    const root = await folderOf(Object.fromEntries(text), "repo-main");
    const refusal = refusalOf(await readBundle({ kind: "path", path: root }));
    expect(refusal).toMatchObject({ code: "stray-file", path: "repo-main/README.md" });
    expect(refusal.found).toEqual([{ path: "skills", count: 3 }]);
    expect(message(refusal)).toContain(
      "3 skills were found under 'skills/': read it with the option path: \"skills\".",
    );
  });

  it("counts a skill inside another skill once, however its siblings' names sort", async () => {
    // By bytes "pack/a-b" sorts between "pack/a" and "pack/a/c"; a/c still lies inside a.
    const root = await folderOf(
      {
        "README.md": "# pack\n",
        "pack/a/SKILL.md": skill("a"),
        "pack/a/c/SKILL.md": skill("c"),
        "pack/a-b/SKILL.md": skill("a-b"),
      },
      "nested",
    );
    const refusal = refusalOf(await readBundle({ kind: "path", path: root }));
    expect(refusal.found).toEqual([{ path: "pack", count: 2 }]);
  });

  it("imports its skills with path, in every form, the top never judged", async () => {
    for (const { form, source } of await forms()) {
      const result = await readBundle(source, { path: "skills", skills: ["pdf", "notes"] });
      expect(shapeOf(result), form).toEqual({
        notes: ["SKILL.md"],
        pdf: ["SKILL.md", "scripts/fill.py"],
      });
    }
  });

  it("names every binary file of the selection at once", async () => {
    for (const { form, source, top } of await forms()) {
      const refusal = refusalOf(await readBundle(source, { path: "skills" }));
      const at = top === "" ? "" : `${top}/`;
      expect(refusal, form).toEqual({
        code: "not-utf8",
        path: `${at}skills/canvas/fonts/a.ttf`,
        count: 2,
        paths: [`${at}skills/canvas/fonts/a.ttf`, `${at}skills/canvas/fonts/b.ttf`],
        concerns: [{ skill: "canvas", count: 2 }],
      });
      expect(message(refusal)).toMatch(/'.*a\.ttf' and 1 other file are not valid UTF-8 text/);
      expect(message(refusal)).toContain(
        'the skill at fault is canvas (2 files): read the others with the option skip: ["canvas"].',
      );
    }
  });

  it("names every skill holding a link or a pipe, so one skip of them all lets the rest in", async () => {
    const root = await folderOf(
      {
        "alpha/SKILL.md": skill("alpha"),
        "beta/SKILL.md": skill("beta"),
        "gamma/SKILL.md": skill("gamma"),
        "delta/SKILL.md": skill("delta"),
      },
      "links",
    );
    symlinkSync("SKILL.md", join(root, "beta", "one.md"));
    symlinkSync("SKILL.md", join(root, "beta", "two.md"));
    symlinkSync("/etc/passwd", join(root, "delta", "passwd"));
    execFileSync("mkfifo", [join(root, "gamma", "pipe")]);
    const source: Source = { kind: "path", path: root };
    const refusal = refusalOf(await readBundle(source));
    expect(refusal).toMatchObject({
      code: "link",
      path: "links/beta/one.md",
      concerns: [
        { skill: "beta", count: 2 },
        { skill: "delta", count: 1 },
        { skill: "gamma", count: 1 },
      ],
    });
    expect(message(refusal)).toContain('skip: ["beta", "delta", "gamma"]');
    expect(shapeOf(await readBundle(source, { skip: ["beta", "delta", "gamma"] }))).toEqual({
      alpha: ["SKILL.md"],
    });
  });

  it("takes a selected root skill's name from its directory", async () => {
    for (const { form, source } of await forms()) {
      expect(shapeOf(await readBundle(source, { path: "template" })), form).toEqual({
        template: ["SKILL.md"],
      });
    }
  });

  it("refuses a skill or a path it does not hold, naming what it holds", async () => {
    const { source } = (await forms())[1]!;
    const skill = refusalOf(await readBundle(source, { path: "skills", skills: ["docx"] }));
    expect(skill).toEqual({
      code: "not-in-source",
      skill: "docx",
      held: ["canvas", "notes", "pdf"],
    });
    expect(message(skill)).toContain("holds 'canvas', 'notes' and 'pdf'");
    const path = refusalOf(await readBundle(source, { path: "plugins" }));
    expect(path).toMatchObject({ code: "not-in-source", path: "plugins" });
    expect(message(path)).toContain("found under 'skills/'");
  });

  it("gives a path that selects the skills of a clone named after its own skills/ directory", async () => {
    // `git clone .../skills` makes `skills/skills/<skill>`: the wrapper is named `skills`.
    const root = await repository("skills");
    const gnu = execFileSync("tar", ["--format=gnu", "-cf", "-", "-C", join(root, ".."), "skills"]);
    for (const [form, source] of [
      ["folder", { kind: "path", path: root }],
      ["GNU tar", { kind: "archive", bytes: gnu }],
    ] as const) {
      const refusal = refusalOf(await readBundle(source));
      expect(refusal.found, form).toEqual([{ path: "skills/skills", count: 3 }]);
      expect(message(refusal), form).toContain('read it with the option path: "skills/skills"');
      expect(
        shapeOf(await readBundle(source, { path: "skills/skills", skip: ["canvas"] })),
        form,
      ).toEqual({
        notes: ["SKILL.md"],
        pdf: ["SKILL.md", "scripts/fill.py"],
      });
      const listed = await listBundle(source, { judge: true });
      if (!listed.ok) throw new Error(listed.refusal.code);
      expect(
        listed.listing.skills.map((skill) => [
          skill.path,
          skill.name,
          skill.verdict?.importable === true ? "yes" : skill.verdict?.refusal.code,
        ]),
        form,
      ).toEqual([
        ["", "template", "yes"],
        ["skills/skills", "canvas", "not-utf8"],
        ["skills/skills", "notes", "yes"],
        ["skills/skills", "pdf", "yes"],
      ]);
    }
  });

  it("is listed without judging: skills by path, dot-directories set aside", async () => {
    for (const { form, source, top } of await forms()) {
      const listed = await listBundle(source);
      const at = top === "" ? "" : `${top}/`;
      expect(listed, form).toEqual({
        ok: true,
        listing: {
          root: top,
          skills: [
            { name: "template", directory: `${at}template`, path: "" },
            { name: "canvas", directory: `${at}skills/canvas`, path: "skills" },
            { name: "notes", directory: `${at}skills/notes`, path: "skills" },
            { name: "pdf", directory: `${at}skills/pdf`, path: "skills" },
          ],
          setAside: [`${at}.claude-plugin`],
        },
      });
    }
  });
});

it("a folder's .git is not walked: a clone with hard-linked packs reads", async () => {
  const root = await repository("clone");
  const cloned = join(root, "..", "copy");
  execFileSync("git", ["clone", "-q", "--local", root, cloned]);
  const result = await readBundle(
    { kind: "path", path: cloned },
    { path: "skills", skills: ["pdf"] },
  );
  expect(shapeOf(result)).toEqual({ pdf: ["SKILL.md", "scripts/fill.py"] });
  expect(await readFile(join(cloned, "skills/pdf/SKILL.md"), "utf8")).toBe(skill("pdf"));
});
