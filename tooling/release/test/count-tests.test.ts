// CI's closing line comes from scripts/count-tests.mjs over every run's JSON
// report; it must count what vitest wrote, and count as failed whatever did
// not run: a missing report, a file that broke outside its tests, a run that
// failed with nothing counted.
import { join } from "node:path";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { expect, it } from "vitest";
import { runNode } from "../src/run.js";
import { findWorkspaceRoot } from "../src/workspace.js";

const script = join(findWorkspaceRoot(), "scripts", "count-tests.mjs");

function writeReports(reports: Record<string, unknown>): string {
  const files = Object.entries(reports).map(([name, report]) => [name, JSON.stringify(report)]);
  return writeTree(makeTempDir("skillshelf-count-"), Object.fromEntries(files));
}

const passing = (n: number) => ({
  numPassedTests: n,
  numFailedTests: 0,
  success: true,
  testResults: [{ name: "a.test.ts", status: "passed", message: "", assertionResults: [] }],
});

it.each([
  [
    "two passing runs add up",
    { "a.json": passing(3), "b.json": passing(4) },
    "7 passed, 0 failed",
    0,
  ],
  [
    "failed tests are counted",
    { "a.json": { ...passing(3), numFailedTests: 2, success: false }, "b.json": passing(1) },
    "4 passed, 2 failed",
    1,
  ],
  [
    "a file that broke outside its tests counts as one failure",
    {
      "a.json": {
        ...passing(3),
        success: false,
        testResults: [
          { name: "x.test.ts", status: "failed", message: "hook", assertionResults: [] },
        ],
      },
      "b.json": passing(1),
    },
    "4 passed, 1 failed",
    1,
  ],
  [
    "a failed run with nothing counted is a failure",
    { "a.json": { ...passing(3), success: false, testResults: [] }, "b.json": passing(1) },
    "4 passed, 1 failed",
    1,
  ],
  ["a missing report is a failure", { "a.json": passing(3) }, "3 passed, 1 failed", 1],
])("%s", async (_name, reports, line, code) => {
  const dir = writeReports(reports);
  const run = await runNode([script, join(dir, "a.json"), join(dir, "b.json")], { cwd: dir });
  expect(run.stdout).toBe(`tests: ${line}\n`);
  expect(run.code).toBe(code);
});

it("fails a run that passed nothing", async () => {
  const dir = writeReports({ "a.json": passing(0) });
  const run = await runNode([script, join(dir, "a.json")], { cwd: dir });
  expect(run.stdout).toBe("tests: 0 passed, 0 failed\n");
  expect(run.code).toBe(1);
});
