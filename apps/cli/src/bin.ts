#!/usr/bin/env node
// The `skillshelf` executable: runs the command line against this process and
// exits with its code. Anything that escapes (it should not) still ends as the
// internal refusal without a stack trace, and Ctrl-C erases a progress line
// before leaving.
import { openOutput } from "./output.js";
import { runCli } from "./program.js";
import { reportFailure } from "./refusal.js";

const EXIT_INTERRUPTED = 130;

function failHard(error: unknown): void {
  process.exitCode = reportFailure(openOutput(), error, false);
  process.exit();
}

// A reader that stops early (`skillshelf list | head -1`) is not a failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit();
    failHard(error);
  });
}
process.on("uncaughtException", failHard);
process.on("unhandledRejection", failHard);
process.on("SIGINT", () => {
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[2K");
  process.exit(EXIT_INTERRUPTED);
});

process.exitCode = await runCli({
  args: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
