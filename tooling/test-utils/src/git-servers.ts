// Servers on 127.0.0.1 for tests of git sources: a real `git daemon`
// exporting every repository below a directory (git://127.0.0.1:<port>/<repo>),
// and a TCP listener that accepts connections and never answers, the server a
// fetch must give up on. Both are stopped when the current test finishes.
import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer, type Socket } from "node:net";
import { onTestFinished } from "vitest";
import { freePort } from "./free-port.js";

export type Served = { port: number; url: (repository: string) => string };

/** Serves every repository below `base` with git daemon on a free port; returns its URLs. */
export async function serveGitDaemon(base: string): Promise<Served> {
  const port = await freePort();
  const daemon = spawn(
    "git",
    [
      "daemon",
      "--reuseaddr",
      "--export-all",
      `--base-path=${base}`,
      "--listen=127.0.0.1",
      `--port=${port}`,
      base,
    ],
    { stdio: "ignore", detached: true },
  );
  onTestFinished(() => stopGroup(daemon));
  await waitForListener(port, daemon);
  return { port, url: (repository) => `git://127.0.0.1:${port}/${repository}` };
}

/** A listener on 127.0.0.1 that accepts every connection and never writes a byte. */
export async function serveSilence(): Promise<{ port: number; connections: () => number }> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { port: address.port, connections: () => count };
}

async function waitForListener(port: number, daemon: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (daemon.exitCode !== null) throw new Error(`git daemon exited with ${daemon.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.on("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`git daemon did not listen on ${port}`);
}

function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
