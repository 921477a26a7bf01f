// Cases read with options (contract 1, rule 5, and the specification's
// warnings): what each surface must conclude when it is asked to read a
// bundle strictly. Warnings are stated as "code skill field" in the reader's
// order; a case that states none is not held to any.
import type { Case, Verdict, VerdictSkill } from "../types.js";
import { accepted, bytes, file, refused, skill, skillFile } from "./helpers.js";

/** Accepted, with exactly these warnings. */
const warned = (warnings: string[], ...skills: VerdictSkill[]): Verdict => ({
  ok: true,
  skills,
  warnings,
});

/** A SKILL.md that follows the Agent Skills specification, plus extra frontmatter lines. */
const conforming = (name: string, extra = ""): string =>
  `---\nname: ${name}\ndescription: Does ${name}; use it when ${name} is asked for.\n${extra}---\n# ${name}\n`;

export const choiceCases: Case[] = [
  {
    name: "a skill that follows the specification draws no warning",
    entries: [file("alpha/SKILL.md", conforming("alpha"))],
    verdict: warned([], skill("alpha", ["SKILL.md"])),
  },
  {
    name: "specification warnings come back with the skills",
    entries: [file("alpha/SKILL.md", conforming("alpha", "model: opus\n")), skillFile("beta")],
    verdict: warned(
      ["host-specific-field alpha model", "missing-frontmatter beta frontmatter"],
      skill("alpha", ["SKILL.md"]),
      skill("beta", ["SKILL.md"]),
    ),
  },
  {
    name: "strict checking refuses a skill without frontmatter",
    options: { strict: true },
    entries: [file("alpha/SKILL.md", conforming("alpha")), skillFile("beta")],
    verdict: refused("spec-violation"),
  },
  {
    name: "strict checking refuses a description over 1,024 characters",
    options: { strict: true },
    entries: [file("alpha/SKILL.md", `---\nname: alpha\ndescription: ${"d".repeat(1025)}\n---\n`)],
    verdict: refused("spec-violation"),
  },
  {
    name: "strict checking accepts a skill that follows the specification",
    options: { strict: true },
    entries: [file("alpha/SKILL.md", conforming("alpha", "license: MIT\n"))],
    verdict: warned([], skill("alpha", ["SKILL.md"])),
  },
  {
    name: "frontmatter nested past the depth bound is refused before it is parsed",
    entries: [file("alpha/SKILL.md", `---\nname: alpha\na: ${"[".repeat(60_000)}\n---\n`)],
    verdict: refused("frontmatter-too-large"),
    note: "A deep flow sequence once cost seconds of parsing; its depth is measured first. 60,000 brackets fit the 65,536-byte bound, so the depth bound is the one that refuses it.",
  },
  {
    name: "frontmatter past the key bound is refused",
    entries: [
      file(
        "alpha/SKILL.md",
        `---\nname: alpha\nmetadata:\n${Array.from({ length: 1_000 }, (_, i) => `  k${i}: v\n`).join("")}---\n`,
      ),
    ],
    verdict: refused("frontmatter-too-large"),
    note: "1,002 keys (name, metadata and 1,000 of metadata's own), indented so the YAML library reads them: the key bound is 1,000.",
  },
  {
    name: "frontmatter over 65,536 bytes is refused",
    entries: [
      file("alpha/SKILL.md", `---\nname: alpha\ndescription: "${"d".repeat(70_000)}"\n---\n`),
    ],
    verdict: refused("frontmatter-too-large"),
  },
  {
    name: "strict checking leaves a refusal of the bundle first",
    options: { strict: true },
    entries: [skillFile("alpha"), file("notes.md")],
    verdict: refused("stray-file", "bundle/notes.md"),
  },
];

/** A PNG's first bytes: not UTF-8. */
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A repository as people lay it out: skills under skills/, incidental files at the top. */
const repository = [
  file("README.md", "# A repository of skills\n"),
  bytes("logo.png", png),
  file(".github/workflows/ci.yml", "on: push\n"),
  skillFile("skills/alpha"),
  skillFile("skills/beta"),
  bytes("skills/beta/font.ttf", png),
  file("skills/beta/notes.md"),
];

export const selectionCases: Case[] = [
  {
    name: "path selects skills/ below the one top directory, as GitHub's archives lay it",
    options: { path: "skills", skills: ["alpha"] },
    entries: repository,
    verdict: accepted(skill("alpha", ["SKILL.md"])),
  },
  {
    name: "path selects skills/ as stored, as git archive lays it",
    layout: "bare",
    options: { path: "skills", skills: ["alpha"] },
    entries: [
      ...repository,
      { path: "CLAUDE.md", kind: "symlink", linkTarget: "AGENTS.md" },
      file("../outside.md"),
    ],
    verdict: accepted(skill("alpha", ["SKILL.md"])),
  },
  {
    name: "a repository top with a symbolic link and a logo imports with path",
    options: { path: "skills", skills: ["alpha"] },
    entries: [...repository, { path: "CLAUDE.md", kind: "symlink", linkTarget: "AGENTS.md" }],
    verdict: accepted(skill("alpha", ["SKILL.md"])),
  },
  {
    name: "path selects every skill there, each judged",
    options: { path: "skills" },
    entries: repository,
    verdict: refused("not-utf8", "bundle/skills/beta/font.ttf"),
  },
  {
    name: "a selected directory holding SKILL.md is one skill named after it",
    options: { path: "skills/beta" },
    entries: [...repository.filter((e) => !e.path.endsWith(".ttf"))],
    verdict: accepted(skill("beta", ["SKILL.md", "notes.md"])),
  },
  {
    name: "no wrapper is removed inside a selected directory",
    options: { path: "skills" },
    entries: [skillFile("skills/inner/alpha")],
    verdict: refused("no-skills"),
  },
  {
    name: "a path that names nothing in the source",
    options: { path: "plugins" },
    entries: repository,
    verdict: refused("not-in-source"),
  },
  {
    name: "skills keeps only the named skills, and judges only them",
    options: { skills: ["alpha"] },
    entries: [
      skillFile("alpha"),
      skillFile("beta"),
      bytes("beta/font.ttf", png),
      file("README.md"),
    ],
    verdict: accepted(skill("alpha", ["SKILL.md"])),
  },
  {
    name: "a skill the source does not hold",
    options: { skills: ["alpha", "gamma"] },
    entries: [skillFile("alpha"), skillFile("beta")],
    verdict: refused("not-in-source"),
  },
  {
    name: "dot-directories beside the skills are set aside",
    entries: [
      skillFile("alpha"),
      file(".github/workflows/ci.yml", "on: push\n"),
      file(".claude-plugin/marketplace.json", "{}\n"),
    ],
    verdict: accepted(skill("alpha", ["SKILL.md"])),
  },
  {
    name: "a dot-directory inside a skill is its content",
    entries: [skillFile("alpha"), file("alpha/.config/settings.json", "{}\n")],
    verdict: accepted(skill("alpha", ["SKILL.md", ".config/settings.json"])),
  },
  {
    name: "problems are reported in path order, whatever the order of members",
    entries: [skillFile("s"), bytes("s/z.bin", png), bytes("s/a.bin", png)],
    verdict: refused("not-utf8", "bundle/s/a.bin"),
  },
  {
    name: "the layout is decided before any entry inside it is judged",
    entries: [file("README.md"), skillFile("s"), bytes("s/a.bin", png)],
    verdict: refused("stray-file", "bundle/README.md"),
  },
  {
    name: "a whole repository is told where its skills lie, before its link and logo",
    entries: [...repository, { path: "CLAUDE.md", kind: "symlink", linkTarget: "AGENTS.md" }],
    verdict: refused("no-skills"),
    note: "No skill at the top; the refusal says skills/ holds two: import with path skills.",
  },
  {
    name: "a whole repository as git archive lays it is told where its skills lie",
    layout: "bare",
    entries: [...repository, { path: "CLAUDE.md", kind: "symlink", linkTarget: "AGENTS.md" }],
    verdict: refused("no-skills"),
  },
  {
    name: "an unsafe path is refused before the layout",
    layout: "bare",
    entries: [skillFile("alpha"), file("../outside.md")],
    verdict: refused("unsafe-path"),
  },
  {
    name: "skip leaves a skill out unjudged and imports the rest",
    options: { path: "skills", skip: ["beta"] },
    entries: repository,
    verdict: accepted(skill("alpha", ["SKILL.md"])),
  },
  {
    name: "a skipped skill the source does not hold",
    options: { skip: ["gamma"] },
    entries: [skillFile("alpha"), skillFile("beta")],
    verdict: refused("not-in-source"),
  },
];
