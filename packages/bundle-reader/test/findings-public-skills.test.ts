// False positives are defects: the findings of every skill of four public
// skill repositories, committed at pinned commits under tooling/public-skills
// (see its README), read from disk with readBundle as an import reads them.
// None may refuse, and every warning must be listed below with the reason it
// is true of that skill.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findingsOf, readBundle } from "../src/index.js";

const corpus = join(import.meta.dirname, "../../../tooling/public-skills");

/** Collections of skills in the corpus: each directory whose children hold SKILL.md. */
const collections: [string, number][] = [
  ["anthropics-skills/skills", 12],
  ["openai-skills/skills/.curated", 6],
  ["openai-skills/skills/.experimental", 2],
  ["openai-skills/skills/.system", 2],
  ["obra-superpowers/skills", 14],
  ["vercel-labs-agent-skills/skills", 7],
];

/** Every warning the corpus draws, as `collection skill path:line:column code`, with why it is true. */
const expectedWarnings: Record<string, string> = {};

describe("public skills", () => {
  it("lists every collection of the corpus", () => {
    const repos = readdirSync(corpus, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(repos.map((e) => e.name).sort()).toEqual([
      "anthropics-skills",
      "obra-superpowers",
      "openai-skills",
      "vercel-labs-agent-skills",
    ]);
  });

  it.each(collections)("finds nothing untrue in %s (%i skills)", async (collection, count) => {
    const result = await readBundle({ kind: "path", path: join(corpus, collection) });
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    expect(result.skills).toHaveLength(count);
    const findings = result.skills.flatMap((skill) => findingsOf(skill));
    expect(findings.filter((f) => f.severity === "refuse")).toEqual([]);
    const drawn = findings.map(
      (f) => `${collection} ${f.skill} ${f.path}:${f.line}:${f.column} ${f.code}`,
    );
    const listed = Object.keys(expectedWarnings).filter((key) => key.startsWith(`${collection} `));
    expect(drawn.sort()).toEqual(listed.sort());
  });
});
