// Runs the built command line inside the test's own process: the same
// `runCli` the executable calls (imported from dist, so what is checked is
// what ships), with the streams captured. It costs milliseconds where a
// spawned Node costs most of a second, so whole tables can go through the
// CLI's parser and output; the executable's own wiring (exit code, stdout
// and stderr of a real process) is tested by the spawned runs beside it.
import { createReadStream } from "node:fs";
import { childEnv, type Run } from "./run.js";

// Imported by URL at run time: the tests are type-checked before this
// package is built (turbo's typecheck waits only for its dependencies), so
// the type comes from the source the build compiles.
type RunCli = typeof import("../../src/index.js").runCli;
const { runCli } = (await import(new URL("../../dist/index.js", import.meta.url).href)) as {
  runCli: RunCli;
};

export type InProcessOptions = {
  /** A file read as the command's stdin. */
  inputFile?: string;
  cwd?: string;
};

/** Collects what the command writes, as a pipe would (never a terminal). */
function sink(): { stream: { write(text: string): boolean }; text: () => string } {
  let text = "";
  return {
    stream: {
      write(chunk: string): boolean {
        text += chunk;
        return true;
      },
    },
    text: () => text,
  };
}

/** `skillshelf ...args` in this process: exit code, stdout and stderr. */
export async function runCliInProcess(
  args: readonly string[],
  options: InProcessOptions = {},
): Promise<Run> {
  const stdout = sink();
  const stderr = sink();
  const file = options.inputFile === undefined ? undefined : createReadStream(options.inputFile);
  const stdin = file ?? (async function* () {})();
  const code = await runCli({
    args,
    env: childEnv(),
    stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
    cwd: options.cwd ?? process.cwd(),
  });
  file?.destroy();
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
