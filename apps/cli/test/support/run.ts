// Runs the built `skillshelf` binary as a child process, the way an operator
// does: arguments, environment, stdin bytes in; exit code, stdout, stderr
// out. Tests never import the CLI's modules, so what they check is what ships.
import { spawn } from "node:child_process";
import { createReadStream, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, onTestFinished } from "vitest";

export const BIN: string = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
export const SAMPLE_BUNDLE: string = fileURLToPath(
  new URL("../../../../examples/sample-bundle", import.meta.url),
);

if (!existsSync(BIN)) throw new Error(`build the CLI first (pnpm build): ${BIN} is missing`);

export type Run = { code: number | null; stdout: string; stderr: string };

export type RunOptions = {
  input?: Uint8Array | string;
  /** A file streamed to the child's stdin through a pipe. */
  inputFile?: string;
  /** Hold stdin back this long before sending anything, as a slow producer would. */
  inputDelayMs?: number;
  env?: Record<string, string | undefined>;
  cwd?: string;
};

/** The child's environment: ours, minus what slows Node's start or changes colour decisions. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["NODE_EXTRA_CA_CERTS", "NO_COLOR", "FORCE_COLOR", "SKILLSHELF_DEBUG"]) {
    delete env[name];
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Spawns `node dist/bin.js ...args` and collects everything it says. */
export function runBin(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  return runProcess(process.execPath, [BIN, ...args], options);
}

export function runProcess(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: childEnv(options.env),
      stdio: ["pipe", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    // The child may stop reading early (a capped stdin); that is not our failure.
    child.stdin.on("error", () => {});
    child.on("close", (code) =>
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
    const send = (): void => {
      if (options.inputFile === undefined) child.stdin.end(options.input);
      else createReadStream(options.inputFile).on("error", reject).pipe(child.stdin);
    };
    if (options.inputDelayMs === undefined) send();
    else setTimeout(send, options.inputDelayMs);
  });
}

/** Parses the one JSON line a --json command prints. */
export function parseJson(run: Run): Record<string, unknown> {
  const lines = run.stdout.trim().split("\n");
  if (lines.length !== 1)
    throw new Error(`expected one JSON line, got:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

/** A running `payload --out <out> --watch --json`: the lines it printed so far, and a wait for more. */
export type PayloadWatch = {
  lines: string[];
  /** Waits (up to 30 s) until at least `count` lines have been printed. */
  until: (count: number) => Promise<void>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
};

/** Starts the built binary's `payload --watch` into `out`; it is killed when the test ends. */
export function watchPayload(
  out: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
): PayloadWatch {
  const child = spawn(
    process.execPath,
    [BIN, "payload", "--out", out, "--watch", "--json", ...args],
    {
      env: childEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  onTestFinished(() => {
    child.kill("SIGKILL");
  });
  const lines: string[] = [];
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) =>
    lines.push(...chunk.toString().split("\n").filter(Boolean)),
  );
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    lines,
    until: async (count) => {
      for (let i = 0; i < 3_000 && lines.length < count; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(lines.length, stderr).toBeGreaterThanOrEqual(count);
    },
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
