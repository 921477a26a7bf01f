// Starts an installed `skillshelf-server` the way an operator would (its bin,
// port 0, a token in the environment), learns its port from the console URL
// it prints, and stops it with SIGTERM. Waiting is bounded everywhere: a
// server that never prints its URL or never exits is killed and reported.
import { type ChildProcess, spawn } from "node:child_process";
import { cleanEnv } from "./env.js";

export type RunningServer = {
  port: number;
  /** Everything the server printed so far, stdout and stderr together. */
  output: () => string;
  /** Sends SIGTERM and resolves with how the process ended (SIGKILL after `graceMs`). */
  stop: (graceMs?: number) => Promise<{ code: number | null; signal: string | null }>;
};

const urlPattern = /http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):(\d+)/;

function waitForExit(child: ChildProcess, graceMs: number) {
  return new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/** Spawns `command args` and resolves once it prints a loopback URL with a port. */
export function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<RunningServer> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: cleanEnv(options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      child.kill("SIGKILL");
      reject(new Error(`${why}; it printed:\n${output}`));
    };
    const timer = setTimeout(
      () => fail("the server printed no URL in time"),
      options.timeoutMs ?? 30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = urlPattern.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      resolve({
        port: Number(match[1]),
        output: () => output,
        stop: (graceMs = 10_000) => {
          const exited = waitForExit(child, graceMs);
          child.kill("SIGTERM");
          return exited;
        },
      });
    };
    const onEarlyExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before printing a URL:\n${output}`));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", onEarlyExit);
    child.once("error", (error) => fail(`the server could not start: ${error.message}`));
  });
}
