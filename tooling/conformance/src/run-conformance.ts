// One runner for every surface: for each form a surface accepts, one vitest
// test per case that form can express. The case is built into a scratch
// directory (removed when the test ends), handed to the surface, and the
// surface's verdict must match the case's on every field the case states.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildInput } from "./build-input.js";
import { cases as allCases } from "./cases/index.js";
import { formsOf } from "./forms.js";
import type { BuiltInput, Case, Form, Verdict } from "./types.js";
import { expectedVerdict, projectVerdict, type Stage } from "./verdict.js";

export type Surface = {
  /** Names the describe block, e.g. "library (path)", "cli", "http multipart". */
  name: string;
  forms: readonly Form[];
  /** Whether archives reach the surface with their name; default true. */
  named?: boolean;
  /** `import` for a surface that checks or imports (findings judged); default `read`. */
  stage?: Stage;
  /** Turns a built input into the surface's verdict. */
  verdict: (input: BuiltInput) => Promise<Verdict>;
  /** The cases to run; default every case. */
  cases?: readonly Case[];
  /** Per-test timeout in milliseconds; default 60,000. */
  timeout?: number;
};

/** A scratch directory removed when the current test finishes. */
export async function makeScratchDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-conformance-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The (case, form) pairs a surface runs. */
export function casesFor(surface: Pick<Surface, "cases">, form: Form): Case[] {
  return (surface.cases ?? allCases).filter((c) => formsOf(c).includes(form));
}

export function runConformance(surface: Surface): void {
  const named = surface.named ?? true;
  describe(surface.name, () => {
    for (const form of surface.forms) {
      const table = casesFor(surface, form);
      if (table.length === 0) continue;
      describe(form, () => {
        // A loop rather than it.each, whose "$name" cuts long case names short.
        for (const c of table) {
          it(
            c.name,
            async () => {
              const dir = await makeScratchDir();
              const input = await buildInput(c, form, dir, { named });
              const expected = expectedVerdict(c, form, named, surface.stage);
              const actual = await surface.verdict(input);
              expect(projectVerdict(actual, expected)).toEqual(expected);
            },
            surface.timeout ?? 60_000,
          );
        }
      });
    }
  });
}
