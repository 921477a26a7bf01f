// `payload --out <dir> --watch` as a worker host runs it: the built binary
// writes the payload at start, again when a skill is imported by another
// process (the directory store announces nothing across processes, so the
// interval finds it), never when nothing changed, and exits 0 on SIGTERM.
import { spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, childEnv, runBin, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, makeTempDir } from "./support/trees.js";

describe("payload --watch", () => {
  it("rewrites skills.json when the revision changes, only then, and stops on SIGTERM", async () => {
    const { args } = makeRoots();
    const out = makeTempDir();
    const child = spawn(
      process.execPath,
      [BIN, "payload", "--out", out, "--watch", "--json", ...args],
      {
        env: childEnv({ SKILLSHELF_WATCH_INTERVAL_MS: "50" }),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const lines: string[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) =>
      lines.push(...chunk.toString().split("\n").filter(Boolean)),
    );
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const until = async (count: number) => {
      for (let i = 0; i < 3_000 && lines.length < count; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(lines.length, stderr).toBeGreaterThanOrEqual(count);
    };

    await until(1);
    const first = JSON.parse(lines[0]!);
    expect(first).toMatchObject({ ok: true, path: join(out, "skills.json"), skills: 0 });
    const written = statSync(join(out, "skills.json")).mtimeMs;
    await new Promise((r) => setTimeout(r, 300));
    expect(lines).toHaveLength(1);
    expect(statSync(join(out, "skills.json")).mtimeMs).toBe(written);

    const imported = await runBin(["import", SAMPLE_BUNDLE, ...args]);
    expect(imported.code, imported.stderr).toBe(0);
    await until(2);
    const second = JSON.parse(lines[1]!);
    expect(second).toMatchObject({ ok: true, skills: 2 });
    expect(second.revision).not.toBe(first.revision);
    expect(JSON.parse(readFileSync(join(out, "skills.json"), "utf8")).revision).toBe(
      second.revision,
    );

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("refuses --watch without --out (usage, exit 2)", async () => {
    const { args } = makeRoots();
    const run = await runBin(["payload", "--watch", ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--watch needs --out <dir>/);
  });
});
