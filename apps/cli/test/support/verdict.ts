// Reads the conformance verdict off a `check --json` run, and holds the run
// to the CLI's own promises on the way: one JSON line on stdout, exit 0 with
// "ok": true, exit 1 with the refusal whose message() sentence is also on
// stderr, and never a stack trace.
import type { Verdict } from "@skillshelf/conformance";
import { expect } from "vitest";
import { parseJson, type Run } from "./run.js";

type JsonFile = { path: string; bytes: number; executable: boolean };
type JsonAnswer =
  | { ok: true; skills: { name: string; files: JsonFile[] }[] }
  | { ok: false; refusal: { code: string; path?: string; why?: string }; message: string };

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

export function verdictOfRun(run: Run): Verdict {
  const answer = parseJson(run) as JsonAnswer;
  expect(run.stderr).not.toMatch(/\n\s+at /);
  if (!answer.ok) {
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(answer.message);
    const { code, path, why } = answer.refusal;
    return {
      ok: false,
      code,
      ...(path === undefined ? {} : { path }),
      ...(why === undefined ? {} : { why }),
    } as Verdict;
  }
  expect(run.code, run.stderr).toBe(0);
  const skills = answer.skills.map((skill) => ({
    name: skill.name,
    files: skill.files.map((f) => f.path).sort(),
    executable: skill.files
      .filter((f) => f.executable)
      .map((f) => f.path)
      .sort(),
    bytes: Object.fromEntries(skill.files.map((f) => [f.path, f.bytes])),
  }));
  return { ok: true, skills: skills.sort(byName) };
}
