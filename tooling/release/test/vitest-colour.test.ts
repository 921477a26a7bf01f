// `pnpm test` runs vitest through scripts/vitest.mjs, which keeps vitest's
// output free of colour codes when it is not a terminal (a log file, CI), and
// leaves it coloured on one (a real pseudo-terminal, from util-linux `script`).
import { join } from "node:path";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { expect, it } from "vitest";
import { runProcess } from "../src/run.js";
import { findWorkspaceRoot } from "../src/workspace.js";

const wrapper = join(findWorkspaceRoot(), "scripts", "vitest.mjs");

function tinyProject(): string {
  return writeTree(makeTempDir("skillshelf-colour-"), {
    "a.test.mjs": 'import { expect, it } from "vitest";\nit("passes", () => expect(1).toBe(1));\n',
    "vitest.config.mjs": 'export default { test: { include: ["a.test.mjs"] } };\n',
  });
}

/** The caller's environment without its own colour choice, as a person's shell has it. */
function uncoloured(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== "NO_COLOR" && key !== "FORCE_COLOR") env[key] = value;
  }
  return { ...env, TERM: "xterm-256color" };
}

it("piped, vitest's output has no escape codes", async () => {
  const dir = tinyProject();
  const run = await runProcess(process.execPath, [wrapper, "run", "--root", dir], {
    cwd: dir,
    env: uncoloured(),
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain("1 passed");
  expect(`${run.stdout}${run.stderr}`).not.toContain("\x1b[");
});

it("on a terminal, it stays coloured", async () => {
  const dir = tinyProject();
  const command = [process.execPath, wrapper, "run", "--root", dir].map((a) => `'${a}'`).join(" ");
  const run = await runProcess("script", ["-qfec", command, "/dev/null"], {
    cwd: dir,
    env: uncoloured(),
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain("\x1b[");
});
