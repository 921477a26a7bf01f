// Reads the conformance verdict off a `check --json` run, and holds the run
// to the CLI's own promises on the way: one JSON line on stdout, exit 0 with
// "ok": true, exit 1 with the refusal whose message() sentence is also on
// stderr, and never a stack trace. The findings a check reports (an accepted
// one's, a hidden-content refusal's) are part of the verdict.
import { type Verdict, verdictOfListing, verdictOfRefusal } from "@skillshelf/conformance";
import type { SourceCode, UnsafePathReason } from "@skillshelf/contract";
import { expect } from "vitest";
import { escapeControl } from "../../src/output.js";
import { parseJson, type Run } from "./run.js";

type JsonFile = { path: string; bytes: number; executable: boolean };
type JsonFinding = {
  code: string;
  severity: string;
  skill?: string;
  path: string;
  line: number;
  column: number;
};
type JsonAnswer =
  | {
      ok: true;
      skills: { id: string; files: JsonFile[] }[];
      warnings: { code: string; skill: string; field: string }[];
      findings: JsonFinding[];
    }
  | {
      ok: false;
      refusal: { code: SourceCode; path?: string; why?: UnsafePathReason };
      message: string;
      findings?: JsonFinding[];
    };

export function verdictOfRun(run: Run): Verdict {
  const answer = parseJson(run) as JsonAnswer;
  expect(run.stderr).not.toMatch(/\n\s+at /);
  if (!answer.ok) {
    expect(run.code, run.stderr).toBe(1);
    // Human output escapes control characters the sentence quotes from the bundle.
    expect(run.stderr).toContain(escapeControl(answer.message));
    return verdictOfRefusal(answer.refusal, answer.findings);
  }
  expect(run.code, run.stderr).toBe(0);
  return verdictOfListing(
    answer.skills.map((skill) => ({ name: skill.id, files: skill.files })),
    answer.warnings,
    answer.findings,
  );
}
