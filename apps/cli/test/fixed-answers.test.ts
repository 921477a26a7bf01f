// The answers the build renders ahead (`--version`, and help in every way of
// asking) are exactly what the command line says when run, so the fast path
// of the executable can never drift from it; the executable prints them into
// a pipe, and falls through to the full command line for everything else, on
// a terminal, and when the rendered file is missing.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runProcess } from "./support/run.js";
import { runCliInProcess } from "./support/run-in-process.js";
import { makeRoots, makeTempDir } from "./support/trees.js";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const COMMAND = fileURLToPath(new URL("../bin/skillshelf.cjs", import.meta.url));
const require = createRequire(import.meta.url);
type FixedAnswers = {
  answerKey(args: readonly string[]): string;
  fixedAnswer(args: readonly string[], stdoutIsTerminal: boolean): string | undefined;
};
const fixed = require(join(dist, "fixed-answers.cjs")) as FixedAnswers;
const rendered = JSON.parse(readFileSync(join(dist, "fixed-answers.json"), "utf8")) as {
  answers: Record<string, string>;
};
const { version } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
) as { version: string };

describe("the answers rendered at build time", () => {
  const lines = Object.keys(rendered.answers).map((key) => key.split("\0"));

  it("cover the version and help for the program and every command", async () => {
    const { commandSpecs } = (await import(new URL("commands.js", `file://${dist}`).href)) as {
      commandSpecs: { usage: string }[];
    };
    const keys = new Set(Object.keys(rendered.answers));
    for (const line of [["--version"], ["-v"], ["help"], ["--help"], ["-h"]]) {
      expect(keys.has(fixed.answerKey(line))).toBe(true);
    }
    for (const spec of commandSpecs) {
      const name = spec.usage.split(" ")[0]!;
      for (const line of [
        ["help", name],
        [name, "--help"],
        [name, "-h"],
      ]) {
        expect(keys.has(fixed.answerKey(line)), line.join(" ")).toBe(true);
      }
    }
    expect(rendered.answers[fixed.answerKey(["--version"])]).toBe(`${version}\n`);
  });

  it("are what the command line answers now, line for line", async () => {
    expect(lines.length).toBeGreaterThan(40);
    for (const line of lines) {
      const run = await runCliInProcess(line);
      expect({ line, ...run }).toEqual({
        line,
        code: 0,
        stdout: rendered.answers[fixed.answerKey(line)],
        stderr: "",
      });
    }
  });

  it("are each found for their own command line into a pipe", () => {
    for (const line of lines) {
      expect(fixed.fixedAnswer(line, false), line.join(" ")).toBe(
        rendered.answers[fixed.answerKey(line)],
      );
    }
  });

  it("are never used on a terminal, for no arguments, or for any other command line", () => {
    expect(fixed.fixedAnswer(["help"], false)).toBe(rendered.answers.help);
    expect(fixed.fixedAnswer(["help"], true)).toBeUndefined();
    expect(fixed.fixedAnswer(["--version"], true)).toBeUndefined();
    expect(fixed.fixedAnswer([], false)).toBeUndefined();
    expect(fixed.fixedAnswer(["list"], false)).toBeUndefined();
    expect(fixed.fixedAnswer(["help", "nosuch"], false)).toBeUndefined();
    expect(fixed.fixedAnswer(["--version", "--json"], false)).toBeUndefined();
    // One argument holding a space is not two arguments.
    expect(fixed.fixedAnswer(["help import"], false)).toBeUndefined();
  });

  it("are not needed: without the rendered file, every line is answered in full", () => {
    const bare = makeTempDir();
    copyFileSync(join(dist, "fixed-answers.cjs"), join(bare, "fixed-answers.cjs"));
    const alone = require(join(bare, "fixed-answers.cjs")) as FixedAnswers;
    expect(alone.fixedAnswer(["--version"], false)).toBeUndefined();
    expect(alone.fixedAnswer(["help"], false)).toBeUndefined();
  });
});

describe("the skillshelf command", () => {
  it("prints the rendered version and help into a pipe", async () => {
    for (const line of [["--version"], ["help"], ["import", "--help"]]) {
      const run = await runProcess(process.execPath, [COMMAND, ...line]);
      expect(run).toEqual({
        code: 0,
        stdout: rendered.answers[fixed.answerKey(line)],
        stderr: "",
      });
    }
  });

  it("runs the full command line for everything else, with its exit codes", async () => {
    const roots = makeRoots();
    const listed = await runProcess(process.execPath, [COMMAND, "list", "--json", ...roots.args]);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ ok: true });
    const unknown = await runProcess(process.execPath, [COMMAND, "help", "nosuch"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no command 'nosuch'/);
    const bare = await runProcess(process.execPath, [COMMAND]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^Usage: skillshelf/);
  });

  it("answers help on a terminal through the full command line, laid out for its width", () => {
    let hasScript = true;
    try {
      execFileSync("script", ["--version"], { stdio: "ignore" });
    } catch {
      hasScript = false;
    }
    if (!hasScript) return expect.fail("util-linux `script` is needed for this test");
    const shown = execFileSync(
      "script",
      ["-qec", `stty cols 140; ${process.execPath} ${COMMAND} help`, "/dev/null"],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } },
    ).replaceAll("\r\n", "\n");
    const longest = Math.max(...shown.split("\n").map((line) => line.length));
    expect(shown).toMatch(/^Usage: skillshelf/);
    // Laid out for 140 columns, so wider than the 80 of the rendered answer.
    expect(longest).toBeGreaterThan(80);
    expect(shown).not.toBe(rendered.answers.help);
  });
});
