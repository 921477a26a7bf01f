// Runs a whole process to its end (a CLI under test, a competitor, a
// baseline script), with its output kept so a benchmark can check the
// answer, and an error naming the command when it exits non-zero.

import { spawn } from "node:child_process";

/**
 * Runs `command args` in `cwd` with `env`; resolves with { stdout, stderr }
 * on exit 0, rejects naming the command and its last stderr line otherwise.
 */
export function runProcess(command, args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else {
        const last = (stderr.trim() || stdout.trim()).split("\n").at(-1);
        reject(new Error(`${[command, ...args].join(" ")} exited ${code}: ${last}`));
      }
    });
  });
}
