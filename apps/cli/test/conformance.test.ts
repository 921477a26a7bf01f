// @module-tag heavy
// Every conformance case through the command line: `skillshelf check --json`
// on the case built as a folder, a .tar, a .tgz and a .zip file, and a sample
// of archives piped to `check -` on stdin, must reach the verdict the library
// reaches. check is read-then-findings-then-destination; every case the
// reader accepts is also storable (the skill-catalog suite holds the
// destination to that), so the case's import verdict (the reader's, or
// `hidden-content` for what the bytes hide) is the whole expectation.
//
// Every case and form goes through the shipped `runCli` in this process
// (the parser, the shelf and the output the executable runs). A third of the
// cases also go through the spawned executable, each in one of its forms
// chosen by its place in the table, and so does a third of the stdin sample:
// that holds the process's own wiring (exit code, stdout, stderr, a piped
// stdin) to the same verdicts. A spawn costs most of a second of Node
// start-up; spawning all 670 pairs was most of CI's wall time.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type BuiltInput,
  type Case,
  cases,
  casesFor,
  type Form,
  runConformance,
  type Verdict,
} from "@skillshelf/conformance";
import { afterAll, expect, it } from "vitest";
import { runBin } from "./support/run.js";
import { runCliInProcess } from "./support/run-in-process.js";
import { verdictOfRun } from "./support/verdict.js";

const FORMS: readonly Form[] = ["folder", "tar", "tgz", "zip"];
const STDIN_FORMS: readonly Form[] = ["tar", "tgz", "zip"];

const scratch = mkdtempSync(join(tmpdir(), "skillshelf-cli-conformance-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const workspace = join(scratch, "workspace");
const data = join(scratch, "data");
const roots = ["--workspace", workspace, "--data", data];

type Via = "path" | "stdin";
type Runner = "in-process" | "spawned";

/** Every fifth case also goes through stdin, unnamed, as `-`. */
const stdinSample = cases.filter((_, i) => i % 5 === 0);

/** The case's reading options as check's flags. */
function flagsOf(c: Case): string[] {
  const { strict, path, skills = [], skip = [] } = c.options ?? {};
  return [
    ...(strict === true ? ["--strict"] : []),
    ...(path === undefined ? [] : ["--path", path]),
    ...skills.flatMap((name) => ["--skill", name]),
    ...skip.flatMap((name) => ["--skip", name]),
  ];
}

function checkVerdict(runner: Runner, via: Via) {
  return async (input: BuiltInput): Promise<Verdict> => {
    const args = [
      "check",
      "--json",
      ...roots,
      ...flagsOf(input.case),
      via === "path" ? input.path! : "-",
    ];
    const options = via === "path" ? {} : { inputFile: input.path! };
    const run =
      runner === "spawned" ? await runBin(args, options) : await runCliInProcess(args, options);
    return verdictOfRun(run);
  };
}

/** Every SPAWN_EVERY-th case of a table is also run by the spawned executable. */
const SPAWN_EVERY = 3;

/**
 * The cases of `table` spawned in `form`: every SPAWN_EVERY-th case, once,
 * in the form its place in the table picks among the forms it is built in.
 */
function spawnedShare(table: readonly Case[], forms: readonly Form[], form: Form): Case[] {
  return table.filter((c, i) => {
    if (i % SPAWN_EVERY !== 0) return false;
    const own = forms.filter((f) => casesFor({ cases: [c] }, f).length > 0);
    return own[(i / SPAWN_EVERY) % own.length] === form;
  });
}

runConformance({
  name: "cli check --json <path>",
  forms: FORMS,
  stage: "import",
  verdict: checkVerdict("in-process", "path"),
});

runConformance({
  name: "cli check --json - (stdin)",
  forms: STDIN_FORMS,
  named: false,
  stage: "import",
  cases: stdinSample,
  verdict: checkVerdict("in-process", "stdin"),
});

for (const form of FORMS) {
  runConformance({
    name: "skillshelf executable: check --json <path>",
    forms: [form],
    stage: "import",
    cases: spawnedShare(cases, FORMS, form),
    verdict: checkVerdict("spawned", "path"),
  });
}

for (const form of STDIN_FORMS) {
  runConformance({
    name: "skillshelf executable: check --json - (stdin)",
    forms: [form],
    named: false,
    stage: "import",
    cases: spawnedShare(stdinSample, STDIN_FORMS, form),
    verdict: checkVerdict("spawned", "stdin"),
  });
}

it("check wrote nothing: the data directory was never created", () => {
  expect(existsSync(data)).toBe(false);
});
