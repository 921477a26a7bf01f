// Every conformance case through the built binary: `skillshelf check --json`
// on the case built as a folder, a .tar file and a .tgz file, and a sample of
// archives piped to `check -` on stdin, must reach the verdict the library
// reaches. check is read-then-destination, so a case whose skills the reader
// accepts but the destination refuses (a SKILL.md that does not declare its
// directory's id, say) must get the destination's refusal, as the library's
// check() gives it; those are asserted in a table of their own.
//
// Spawning a Node process per case is the slow part, so each test also starts
// the next few spawns (built by the same builder into scratch directories of
// their own, except cases too heavy to build twice): a sliding window of
// CONCURRENCY processes, in the runner's order.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import {
  buildInput,
  type Case,
  cases,
  casesFor,
  type Form,
  formsOf,
  runConformance,
  type Verdict,
} from "@skillshelf/conformance";
import { check } from "@skillshelf/skill-catalog";
import { afterAll, describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { verdictOfRun } from "./support/verdict.js";

const FORMS: readonly Form[] = ["folder", "tar", "tgz"];
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

/**
 * The destination's refusal code for a case the reader accepts, judged by the
 * library. Heavy cases are not judged: should the destination refuse one, its
 * runner test fails and says so.
 */
async function refusedByDestination(c: Case): Promise<string | undefined> {
  if (!c.verdict.ok || isHeavy(c)) return undefined;
  const form = formsOf(c).find((f) => FORMS.includes(f));
  if (form === undefined) return undefined;
  const input = await buildInput(c, form, mkdtempSync(join(scratch, "judge-")));
  const read = await readBundle({ kind: "path", path: input.path! });
  if (!read.ok) return undefined;
  const verdict = await check(
    { builtin: join(workspace, "skills"), managed: join(data, "skills") },
    read.skills,
  );
  return verdict.ok ? undefined : verdict.refusal.code;
}

const destination = new Map<Case, string>();
for (const c of cases) {
  const code = await refusedByDestination(c);
  if (code !== undefined) destination.set(c, code);
}
const readable = cases.filter((c) => !destination.has(c));
/** Every fifth case also goes through stdin, unnamed, as `-`. */
const stdinSample = readable.filter((_, i) => i % 5 === 0);

/** Cases that cost seconds to build (thousands of entries, tens of MiB): never built twice. */
function isHeavy(c: Case): boolean {
  return c.entries.length > HEAVY_ENTRIES || c.entries.some((e) => (e.zeros ?? 0) > HEAVY_BYTES);
}

function checkInput(via: Via, path: string): Promise<Verdict> {
  const args = ["check", "--json", ...roots, via === "path" ? path : "-"];
  return runBin(args, via === "path" ? {} : { inputFile: path }).then(verdictOfRun);
}

/** Builds a job's input into a scratch directory of its own and checks it. */
async function runJob(job: Job): Promise<Verdict> {
  const dir = mkdtempSync(join(scratch, "case-"));
  const input = await buildInput(job.case, job.form, dir, { named: job.via === "path" });
  return checkInput(job.via, input.path!);
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
    if (i === undefined) return checkInput(via, input.path!);
    const current = start(i, () => checkInput(via, input.path!));
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
  cases: readable,
  verdict: slidingWindow("path", jobsFor("path", FORMS, readable)),
});

runConformance({
  name: "cli check --json - (stdin)",
  forms: ["tar", "tgz"],
  named: false,
  cases: stdinSample,
  verdict: slidingWindow("stdin", jobsFor("stdin", ["tar", "tgz"], stdinSample)),
});

describe("cases the reader accepts and the destination refuses", () => {
  const table = [...destination].map(([c, code]) => ({ name: c.name, case: c, code }));
  it.skipIf(table.length === 0).each(table)(
    "$name: $code, as the library's check()",
    async ({ case: c, code }) => {
      for (const form of formsOf(c).filter((f) => FORMS.includes(f))) {
        const input = await buildInput(c, form, mkdtempSync(join(scratch, "case-")));
        const run = await runBin(["check", "--json", ...roots, input.path!]);
        expect(run.code, run.stderr).toBe(1);
        expect(parseJson(run).refusal).toMatchObject({ code });
      }
    },
  );
});

it("check wrote nothing: the data directory was never created", () => {
  expect(existsSync(data)).toBe(false);
});
