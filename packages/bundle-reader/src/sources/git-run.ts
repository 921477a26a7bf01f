// One git command of a git source, run without a shell (an argument array)
// in a process group of its own, so that ssh, a remote helper or a local
// upload-pack it starts dies with it. It is bounded three ways: by the read's
// deadline (a server that accepts and never answers), by a watch polled while
// it runs (the temporary directory's size), and by the read's cancellation;
// whichever comes first kills the whole group. What it prints is kept up to
// a cap, so a hostile server cannot fill memory through git's messages.
import { spawn } from "node:child_process";
import type { Reading } from "../reading.js";
import { gitConfigArgs, gitEnv } from "./git-env.js";

export type GitRun = {
  /** The temporary directory that is git's HOME. */
  home: string;
  /** When the whole read must be over (performance.now() milliseconds). */
  deadline: number;
  reading: Reading;
};

export type GitOutcome =
  | { kind: "done"; code: number; stdout: Buffer; stderr: string }
  | { kind: "timeout" }
  | { kind: "stopped"; why: string }
  | { kind: "missing" };

const STDERR_CAP = 64 * 1024;
const WATCH_EVERY_MS = 100;

type Options = {
  cwd?: string;
  /** The most bytes of standard output kept; more stops the command (`stopped`). */
  stdoutCap?: number;
  /** Polled while the command runs: a reason to stop it, or undefined. */
  watch?: () => string | undefined;
};

/** Runs `git <config> <args>` under `run`'s bounds. */
export function runGit(run: GitRun, args: string[], options: Options = {}): Promise<GitOutcome> {
  const left = run.deadline - performance.now();
  if (left <= 0) return Promise.resolve({ kind: "timeout" });
  const stdoutCap = options.stdoutCap ?? 1024 * 1024;
  return new Promise((resolve) => {
    const child = spawn("git", [...gitConfigArgs(), ...args], {
      cwd: options.cwd ?? run.home,
      env: gitEnv(run.home),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      shell: false,
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let verdict: GitOutcome | undefined;
    const stop = (outcome: GitOutcome): void => {
      if (verdict !== undefined) return;
      verdict = outcome;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => stop({ kind: "timeout" }), left);
    const watcher =
      options.watch === undefined
        ? undefined
        : setInterval(() => {
            const why = options.watch?.();
            if (why !== undefined) stop({ kind: "stopped", why });
          }, WATCH_EVERY_MS);
    const unregister = run.reading.onCancel(() => stop({ kind: "stopped", why: "cancelled" }));
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > stdoutCap) stop({ kind: "stopped", why: "output" });
      else stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < STDERR_CAP) stderr += chunk.toString("utf8");
    });
    const settle = (outcome: GitOutcome): void => {
      clearTimeout(timer);
      if (watcher !== undefined) clearInterval(watcher);
      unregister();
      resolve(verdict ?? outcome);
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      settle(
        error.code === "ENOENT" ? { kind: "missing" } : { kind: "stopped", why: error.message },
      );
    });
    child.on("close", (code) => {
      // The group may outlive git itself (a helper it left behind): end it too.
      killGroup(child.pid);
      settle({ kind: "done", code: code ?? -1, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** What git said went wrong: its first `fatal:` or `error:` line, else its last line, for a refusal's detail. */
export function lastWords(stderr: string): string {
  const lines = stderr
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("hint:"));
  const said = lines.find((line) => /^(fatal|error): /.test(line)) ?? lines.at(-1) ?? "";
  return said.replace(/^(fatal|error): /, "").slice(0, 300);
}
