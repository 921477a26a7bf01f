// Starts the real skillshelf-server binary as a child process on 127.0.0.1
// (any free port) with its own data directory, so benchmarks go through
// real HTTP and the server's memory can be read from /proc on its own.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createChildEnvironment } from "./child.mjs";
import { locatePackage } from "./packages.mjs";

export const BENCH_TOKEN = "bench-token-0123456789abcdef";

/** Reads a process's peak resident set size (VmHWM) in bytes, or null off Linux. */
export async function readPeakRss(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Starts the server; resolves with { base, pid, stop() } once it prints its
 * address. With `store`, the managed store is that PostgreSQL URL.
 */
export async function startServer({ dataDir, workspaceDir, store }) {
  const bin = join(locatePackage("server"), "dist", "bin.js");
  const child = spawn(
    process.execPath,
    [bin, "--host", "127.0.0.1", "--port", "0", "--data", dataDir, "--workspace", workspaceDir],
    {
      env: createChildEnvironment({
        SKILLSHELF_TOKEN: BENCH_TOKEN,
        ...(store === undefined ? {} : { SKILLSHELF_STORE: store }),
      }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr.resume();
  const base = await new Promise((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(
      () => reject(new Error("the server did not start within 20 s")),
      20_000,
    );
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening`));
    });
  });
  child.stdout.resume();
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** POSTs archive bytes to /api/imports; returns { status, body, ms }. */
export async function postImport(base, bytes, { replace = true } = {}) {
  const start = performance.now();
  const response = await fetch(`${base}/api/imports${replace ? "?replace=1" : ""}`, {
    method: "POST",
    headers: { authorization: `Bearer ${BENCH_TOKEN}`, "content-type": "application/gzip" },
    body: bytes,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text,
    ms: performance.now() - start,
    headers: response.headers,
  };
}
