// Answers that depend on nothing but the build: `--version`, and help for the
// program and each command. The build renders them once with runCli itself
// (scripts/render-fixed-answers.mjs writes dist/fixed-answers.json), so the
// executable (bin/skillshelf.cjs) prints them without loading commander, the
// contract or any command: a process that only asks for help starts about as
// fast as Node itself. Help is laid out for a terminal's width, so a rendered
// answer is used only when stdout is not a terminal (help is then laid out
// for 80 columns, as rendered); on a terminal, and whenever the file is
// missing, the full command line answers.
//
// CommonJS, as the executable is: Node starts a CommonJS file in about the
// time it takes to run `node -e 0`, and an ES module graph costs more.
import fs = require("node:fs");
import path = require("node:path");

/** The key of a command line among the fixed answers: its arguments, joined by NUL (which no argument holds). */
function answerKey(args: readonly string[]): string {
  return args.join("\0");
}

/** The words of every fixed command line: a line without one is answered in full, the file unread. */
const ASKING = new Set(["--version", "-v", "help", "--help", "-h"]);

/** The rendered stdout for these arguments, when there is one and it may be used. */
function fixedAnswer(args: readonly string[], stdoutIsTerminal: boolean): string | undefined {
  if (stdoutIsTerminal || !args.some((arg) => ASKING.has(arg))) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(path.join(__dirname, "fixed-answers.json"), "utf8");
  } catch {
    return undefined; // not rendered (a build without its last step): answer in full
  }
  const { answers } = JSON.parse(text) as { answers: Record<string, string> };
  const key = answerKey(args);
  return Object.hasOwn(answers, key) ? answers[key] : undefined;
}

const fixedAnswers: {
  answerKey: typeof answerKey;
  fixedAnswer: typeof fixedAnswer;
} = { answerKey, fixedAnswer };
export = fixedAnswers;
