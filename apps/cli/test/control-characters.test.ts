// Bundles carry names and frontmatter keys anyone may write; the built CLI
// must print them with every control character escaped, so `ESC ] 0 ;`
// (which retitles a terminal) or a bell reach the screen as text. JSON output
// keeps the exact string, escaped by JSON itself.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, parseJson, runBin, runProcess } from "./support/run.js";
import { makeRoots, makeTempDir, writeTree } from "./support/trees.js";

const TITLE = "\x1b]0;pwned\x07";
/** Any control character but tab and line feed: C0, DEL, C1. */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** A skill whose frontmatter holds a key with a title-setting sequence. */
function keyedSkill(): string {
  const dir = makeTempDir();
  writeTree(dir, {
    "alpha/SKILL.md": `---\nname: alpha\ndescription: Does alpha.\n"\\e]0;pwned\\a": x\n---\n# alpha\n`,
  });
  return join(dir, "alpha");
}

/** A skill holding a file whose name holds the same sequence. */
function namedSkill(): string {
  const dir = makeTempDir();
  writeTree(dir, {
    "alpha/SKILL.md": "---\nname: alpha\ndescription: Does alpha.\n---\n# alpha\n",
    [`alpha/${TITLE}.md`]: "x\n",
  });
  return join(dir, "alpha");
}

describe("control characters from a bundle", () => {
  it.each([
    { name: "a frontmatter key, in a warning", source: keyedSkill, code: 0 },
    { name: "a file name, in a refusal", source: namedSkill, code: 1 },
  ])("$name: printed escaped", async ({ source, code }) => {
    const { args } = makeRoots();
    const run = await runBin([...args, "check", source()]);
    expect(run.code).toBe(code);
    const printed = run.stdout + run.stderr;
    expect(printed).toContain("\\x1b]0;pwned\\x07");
    expect(printed).not.toMatch(RAW_CONTROL);
  });

  it("--json keeps the key exactly, escaped by JSON", async () => {
    const { args } = makeRoots();
    const run = await runBin([...args, "check", keyedSkill(), "--json"]);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    const answer = parseJson(run) as { warnings?: { field: string }[] };
    expect(answer.warnings?.map((warning) => warning.field)).toContain(TITLE);
  });

  it("on a terminal, a colour code written in the data is escaped and the CLI's own colour stays", async () => {
    const dir = makeTempDir();
    // The very code the CLI paints refusals with: data must not pass for the CLI's own words.
    writeTree(dir, {
      "alpha/SKILL.md": `---\nname: alpha\ndescription: Does alpha.\n"\\e[31mhidden": x\n---\n# alpha\n`,
    });
    const { args } = makeRoots();
    const quote = (value: string): string => `'${value.replaceAll("'", "'\\''")}'`;
    const cli = [process.execPath, BIN, ...args, "check", join(dir, "alpha")].map(quote).join(" ");
    const run = await runProcess("script", ["-qec", cli, "/dev/null"], {
      env: { TERM: "xterm-256color" },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain("\\x1b[31mhidden");
    expect(run.stdout).not.toContain("\x1b[31mhidden");
    // The CLI paints its own words: a colour code it wrote is on the screen.
    expect(run.stdout).toMatch(/\x1b\[(?:1|2|3[1-6])m/);
  });
});
