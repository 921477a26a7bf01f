// A leftover is stale only once its pid runs no process: this process and
// a running child are alive, a child that has exited and been reaped is not.
import { spawn, spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { isProcessAlive } from "../src/index.js";

it("tells a running process from one that has exited", async () => {
  expect(isProcessAlive(process.pid)).toBe(true);
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  expect(isProcessAlive(child.pid!)).toBe(true);
  child.kill("SIGKILL");
  await exited;
  expect(isProcessAlive(child.pid!)).toBe(false);
  const done = spawnSync(process.execPath, ["-e", "0"]);
  expect(isProcessAlive(done.pid)).toBe(false);
});
