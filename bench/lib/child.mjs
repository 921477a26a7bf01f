// Spawns a bench child process with a clean environment (no extra CA bundle
// to load, which would inflate its memory) and parses the JSON line it
// prints last.

import { spawn } from "node:child_process";

/** Returns the environment for bench children: this one minus NODE_EXTRA_CA_CERTS. */
export function createChildEnvironment(extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** Runs `node <args>` to completion and returns the last stdout line parsed as JSON. */
export function runNodeForJson(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: createChildEnvironment(),
      stdio: ["ignore", "pipe", "pipe"],
    });
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
      const last = stdout.trim().split("\n").at(-1);
      if (code !== 0 || !last) {
        reject(new Error(`child exited ${code}: ${stderr.trim().split("\n").at(-1) ?? ""}`));
        return;
      }
      resolve(JSON.parse(last));
    });
  });
}
