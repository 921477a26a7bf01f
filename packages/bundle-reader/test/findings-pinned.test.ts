// The findings are the same on every Node this project supports: a corpus
// drawn from a fixed seed (every watched character, the exemptions'
// neighbours, right-to-left and Devanagari prose, emoji sequences, HTML
// comments, and frontmatter that grants, runs code or reads ambiguously)
// is run through findingsOf, and what comes out must equal the committed
// file byte for byte. CI's light runs take this file on Node 22 and 24 and
// the full run on Node 20, so an engine whose Unicode data moves a finding
// fails here. The corpus comes from this file's own generator, not a
// library's, so only a change here changes it; after a deliberate change of
// a check, rewrite the file with `vitest run -u` and review its diff.
import { describe, expect, it } from "vitest";
import { findingsOf } from "../src/index.js";

/** mulberry32: a small seeded generator, the same numbers on every engine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters that meet every branch of the checks and their exemptions.
const alphabet = [
  ..."aaaa  \n<!->`",
  "\u{1F3F4}",
  "\u{E0067}",
  "\u{E0062}",
  "\u{E0065}",
  "\u{E006E}",
  "\u{E007F}",
  "\u{E0041}",
  "\u{E0069}",
  "\u202A",
  "\u202E",
  "\u2066",
  "\u2069",
  "\u061C",
  "\u200B",
  "\u200C",
  "\u200D",
  "\u200E",
  "\u200F",
  "\u2060",
  "\u2064",
  "\uFEFF",
  "\u00AD",
  "\u034F",
  "\u180E",
  "\u{1D173}",
  "👩",
  "💻",
  "❤",
  "\uFE0F",
  "\u{1F3FD}",
  "ب",
  "ش",
  "ש",
  "क",
  "्",
  "é",
  "日",
];

const openers = [
  "",
  "---\nname: s\ndescription: d\n---\n",
  "---\nname: s\ndescription: d\nallowed-tools: Bash(git *)\n---\n",
  "---\nname: s\ndescription: d\nhooks:\n  PreToolUse: rm -rf /\n---\n",
  "---js\nmodule.exports = { name: 's' }\n---\n",
  "---\nname: s\nname: t\ndescription: d\n---\n",
  "---\nname: &n s\ndescription: *n\n---\n",
  "---\nname: s\ndescription: d\nmetadata:\n  version: 1.0\n---\n",
  "---\nname: s\ndescription: !!str d\n---\n---\nname: t\n---\n",
];

type Case = { files: { path: string; text: string }[] };

function corpus(count: number, seed: number): Case[] {
  const next = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const text = (): string => {
    const length = Math.floor(next() * 40);
    let out = "";
    for (let i = 0; i < length; i++) out += next() < 0.08 ? "<!-- note -->" : pick(alphabet);
    return out;
  };
  return Array.from({ length: count }, () => {
    const files = [{ path: "SKILL.md", text: `${pick(openers)}${text()}` }];
    const more = Math.floor(next() * 3);
    for (let i = 0; i < more; i++) files.push({ path: `references/r${i}.md`, text: text() });
    return { files };
  });
}

/** Every non-ASCII character as its code point, so the file shows what is hidden. */
const escaped = (text: string): string =>
  text.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

describe("findings on every supported Node", () => {
  it("gives the committed findings for a seeded corpus", async () => {
    const cases = corpus(80, 20261202);
    const found = cases.map((one) => findingsOf({ name: "s", files: one.files }));
    // The corpus holds every check's finding, so a check that stops firing shows too.
    const codes = new Set(found.flatMap((findings) => findings.map((f) => f.code)));
    expect([...codes].sort()).toEqual([
      "ambiguous-frontmatter",
      "frontmatter-code",
      "frontmatter-grants",
      "hidden-text",
      "html-comment",
    ]);
    // One line a finding: case, place, code, severity and what was found.
    const lines = found.flatMap((findings, index) =>
      findings.map(
        (f) =>
          `${index} ${f.path}:${f.line}:${f.column} ${f.code} ${f.severity} ${escaped(f.detail)}`,
      ),
    );
    await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot("./support/findings-pinned.txt");
  });
});
