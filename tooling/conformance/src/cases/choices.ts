// Cases read with options (contract 1, rule 5, and the specification's
// warnings): what each surface must conclude when it is asked to read a
// bundle strictly. Warnings are stated as "code skill field" in the reader's
// order; a case that states none is not held to any.
import type { Case, Verdict, VerdictSkill } from "../types.js";
import { file, refused, skill, skillFile } from "./helpers.js";

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
    name: "strict checking leaves a refusal of the bundle first",
    options: { strict: true },
    entries: [skillFile("alpha"), file("notes.md")],
    verdict: refused("stray-file", "bundle/notes.md"),
  },
];
