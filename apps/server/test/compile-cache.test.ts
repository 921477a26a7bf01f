// The installed command keeps V8's compiled code between runs where Node can
// (22.1 and later), in node-compile-cache under the temporary directory, for
// the next start to read. On Node 20, which has no such cache, the command
// starts as before and writes nothing there.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it, onTestFinished } from "vitest";

const bin = fileURLToPath(new URL("../bin/skillshelf-server.js", import.meta.url));
const { version } = module.createRequire(import.meta.url)("../package.json") as {
  version: string;
};

it("skillshelf-server keeps its compiled code in the temporary directory where Node has the cache", async () => {
  const temp = await mkdtemp(join(tmpdir(), "skillshelf-compile-cache-"));
  onTestFinished(() => rm(temp, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temp };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  for (const run of [1, 2]) {
    const started = spawnSync(process.execPath, [bin, "--version"], { env, encoding: "utf8" });
    expect(started.status, `run ${run}: ${started.stderr}`).toBe(0);
    expect(started.stdout).toBe(`${version}\n`);
    expect(started.stderr).toBe("");
  }
  const kept = readdirSync(temp, { recursive: true });
  if ("enableCompileCache" in module) expect(kept.length).toBeGreaterThan(0);
  else expect(kept).toEqual([]);
});
