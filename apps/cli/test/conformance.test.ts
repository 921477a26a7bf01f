// @module-tag heavy
// Every conformance case through the built binary: `skillshelf check --json`
// on the case built as a folder, a .tar, a .tgz and a .zip file, and a sample of
// archives piped to `check -` on stdin, must reach the verdict the library
// reaches. check is read-then-findings-then-destination; every case the
// reader accepts is also storable (the skill-catalog suite holds the
// destination to that), so the case's import verdict (the reader's, or
// `hidden-content` for what the bytes hide) is the whole expectation.
//
// Spawning a Node process per case is the slow part, so each test also starts
// the next few spawns (built by the same builder into scratch directories of
// their own, except cases too heavy to build twice): a sliding window of
// CONCURRENCY processes, in the runner's order.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildInput,
  type Case,
  cases,
  casesFor,
  type Form,
  runConformance,
  type Verdict,
} from "@skillshelf/conformance";
import { afterAll, expect, it } from "vitest";
import { runBin } from "./support/run.js";
import { verdictOfRun } from "./support/verdict.js";

const FORMS: readonly Form[] = ["folder", "tar", "tgz", "zip"];
const CONCURRENCY = 3;
const HEAVY_ENTRIES = 1_000;
const HEAVY_BYTES = 1024 * 1024;

const scratch = mkdtempSync(join(tmpdir(), "skillshelf-cli-conformance-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const workspace = join(scratch, "workspace");
const data = join(scratch, "data");
const roots = ["--workspace", workspace, "--data", data];

type Via = "path" | "stdin";
type Job = { case: Case; form: Form; via: Via };
type Outcome = { verdict: Verdict } | { error: unknown };

/** Every fifth case also goes through stdin, unnamed, as `-`. */
const stdinSample = cases.filter((_, i) => i % 5 === 0);

/** Cases that cost seconds to build (thousands of entries, tens of MiB): never built twice. */
function isHeavy(c: Case): boolean {
  return c.entries.length > HEAVY_ENTRIES || c.entries.some((e) => (e.zeros ?? 0) > HEAVY_BYTES);
}

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

function checkInput(via: Via, path: string, c: Case): Promise<Verdict> {
  const args = ["check", "--json", ...roots, ...flagsOf(c), via === "path" ? path : "-"];
  return runBin(args, via === "path" ? {} : { inputFile: path }).then(verdictOfRun);
}

/** Builds a job's input into a scratch directory of its own and checks it. */
async function runJob(job: Job): Promise<Verdict> {
  const dir = mkdtempSync(join(scratch, "case-"));
  const input = await buildInput(job.case, job.form, dir, { named: job.via === "path" });
  return checkInput(job.via, input.path!, job.case);
}

/**
 * A surface's verdict function over `jobs`, in the runner's order: each test
 * checks the input the runner built for it (unless a spawn for it is already
 * running) and starts the next light jobs, so CONCURRENCY processes run at once.
 */
function slidingWindow(
  via: Via,
  jobs: readonly Job[],
): (input: { case: Case; form: Form; path?: string }) => Promise<Verdict> {
  const keyOf = (j: { case: Case; form: Form }): string => `${j.form}\u0000${j.case.name}`;
  const index = new Map(jobs.map((job, i) => [keyOf(job), i]));
  const started = new Map<number, Promise<Outcome>>();
  const start = (i: number, run: () => Promise<Verdict>): Promise<Outcome> => {
    let outcome = started.get(i);
    if (outcome === undefined) {
      outcome = run().then(
        (verdict) => ({ verdict }),
        (error: unknown) => ({ error }),
      );
      started.set(i, outcome);
    }
    return outcome;
  };
  return async (input) => {
    const i = index.get(keyOf(input));
    if (i === undefined) return checkInput(via, input.path!, input.case);
    const current = start(i, () => checkInput(via, input.path!, input.case));
    for (let k = i + 1; k < Math.min(jobs.length, i + CONCURRENCY); k++) {
      const job = jobs[k]!;
      if (!isHeavy(job.case)) void start(k, () => runJob(job));
    }
    const outcome = await current;
    started.delete(i);
    if ("error" in outcome) throw outcome.error;
    return outcome.verdict;
  };
}

const jobsFor = (via: Via, forms: readonly Form[], table: readonly Case[]): Job[] =>
  forms.flatMap((form) => casesFor({ cases: table }, form).map((c) => ({ case: c, form, via })));

runConformance({
  name: "cli check --json <path>",
  forms: FORMS,
  stage: "import",
  verdict: slidingWindow("path", jobsFor("path", FORMS, cases)),
});

runConformance({
  name: "cli check --json - (stdin)",
  forms: ["tar", "tgz", "zip"],
  named: false,
  stage: "import",
  cases: stdinSample,
  verdict: slidingWindow("stdin", jobsFor("stdin", ["tar", "tgz", "zip"], stdinSample)),
});

it("check wrote nothing: the data directory was never created", () => {
  expect(existsSync(data)).toBe(false);
});
