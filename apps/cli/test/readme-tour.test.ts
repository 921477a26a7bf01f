// The repository README's CLI tour runs as written: each `$ command` of its
// console blocks is run in order, in a copy of examples/ with the tour's
// store, and must print exactly the lines the README shows (stderr merged
// into stdout, as a terminal shows them). Only the tour's store path is
// swapped for a temporary one.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const cli = join(repo, "apps/cli/dist/bin.js");
const tourStore = "/tmp/skillshelf-tour";

type Step = { command: string; output: string };

/** The `$ command` lines of the README's console blocks, each with the lines printed after it. */
function tourSteps(markdown: string): Step[] {
  const steps: Step[] = [];
  for (const block of markdown.matchAll(/^```console\n([\s\S]*?)^```$/gm)) {
    for (const line of block[1]!.split("\n")) {
      if (line.startsWith("$ ")) steps.push({ command: line.slice(2), output: "" });
      else if (steps.length > 0 && line !== "") steps.at(-1)!.output += `${line}\n`;
      else if (steps.length > 0) steps.at(-1)!.output += "\n";
    }
  }
  for (const step of steps) step.output = step.output.replace(/\n+$/, "\n");
  return steps;
}

const dir = mkdtempSync(join(tmpdir(), "skillshelf-tour-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cpSync(join(repo, "examples"), join(dir, "examples"), { recursive: true });
const store = join(dir, "store");
const steps = tourSteps(readFileSync(join(repo, "README.md"), "utf8"));

it("finds the tour", () => {
  expect(steps.length).toBeGreaterThan(5);
});

it.each(steps.map((step, i) => ({ ...step, i })))("step $i: $command", ({ command, output }) => {
  const script = [
    `skillshelf() { "${process.execPath}" "${cli}" "$@"; }`,
    `export SKILLSHELF_DATA='${store}'`,
    `cd '${join(dir, "examples", "workspace")}'`,
    command.replaceAll(tourStore, store),
  ].join("\n");
  let printed: string;
  try {
    printed = execFileSync("bash", ["-c", `{\n${script}\n} 2>&1`], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", SKILLSHELF_STORE: "" },
    });
  } catch (error) {
    printed = (error as { stdout: string }).stdout;
  }
  expect(printed.replace(/\n+$/, "\n")).toBe(output.replaceAll(tourStore, store));
});
