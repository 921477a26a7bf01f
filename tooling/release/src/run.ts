// Runs a child process to completion and hands back its exit status and
// output, never throwing: the release test asserts on what a user would see
// (exit code, stdout, stderr), and a hung child is killed at the deadline
// instead of hanging the suite.
import { spawn } from "node:child_process";
import { cleanEnv } from "./env.js";

export type RunResult = {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
};

export type RunOptions = {
  cwd: string;
  env?: Record<string, string>;
  input?: string | Uint8Array;
  timeoutMs?: number;
};

/** Runs `command args` with the clean environment; resolves when it exits or is killed. */
export function runProcess(
  command: string,
  args: string[],
  options: RunOptions,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, stdout, stderr: `${stderr}${error.message}` });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input);
  });
}

/** Runs a script with the Node that runs the tests. */
export function runNode(args: string[], options: RunOptions): Promise<RunResult> {
  return runProcess(process.execPath, args, options);
}
