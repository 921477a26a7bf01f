// A `skillshelf-server` process on a PostgreSQL store, started from the
// built binary as an operator starts a replica: --store from the
// environment (SKILLSHELF_STORE), a known token, port 0, its own workspace.
// Resolves once it prints where it listens; killed and waited for at the end.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const SERVER_BIN: string = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
if (!existsSync(SERVER_BIN)) throw new Error(`build the server first (pnpm build): ${SERVER_BIN}`);

export const replicaToken = "replica-token-0123456789abcdef";

export type Replica = {
  base: string;
  child: ChildProcess;
  auth: Record<string, string>;
  output(): string;
  /** SIGTERM, or SIGKILL with `kill9`; resolves when the process is gone. */
  stop(kill9?: boolean): Promise<void>;
};

/** Starts a replica on `store` with builtin root `<workspace>/skills`. */
export function startReplica(store: string, workspace: string): Promise<Replica> {
  const child = spawn(process.execPath, [SERVER_BIN, "--port", "0", "--workspace", workspace], {
    env: { ...process.env, SKILLSHELF_STORE: store, SKILLSHELF_TOKEN: replicaToken },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const found = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (found === null) return;
      child.stdout!.off("data", onData);
      child.stdout!.on("data", (more: Buffer) => {
        output += more;
      });
      resolve({
        base: `http://127.0.0.1:${found[1]}`,
        child,
        auth: { authorization: `Bearer ${replicaToken}` },
        output: () => output,
        stop: async (kill9 = false) => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill(kill9 ? "SIGKILL" : "SIGTERM");
          }
          await exited;
        },
      });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.once("exit", (code) => reject(new Error(`the replica exited ${code}: ${output}`)));
  });
}

/** Runs `bin` with `args` to its end: exit code and everything it printed. */
export function runServerBin(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [SERVER_BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}
