// `payload --out <dir> --watch` as a worker host runs it: the built binary
// writes the payload at start, again when a skill is imported by another
// process (the directory store announces nothing across processes, so the
// interval finds it), never when nothing changed, and exits 0 on SIGTERM.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBin, SAMPLE_BUNDLE, watchPayload } from "./support/run.js";
import { makeRoots, makeTempDir } from "./support/trees.js";

describe("payload --watch", () => {
  it("rewrites skills.json when the revision changes, only then, and stops on SIGTERM", async () => {
    const { args } = makeRoots();
    const out = makeTempDir();
    const watch = watchPayload(out, args, { SKILLSHELF_WATCH_INTERVAL_MS: "50" });
    const { lines, until } = watch;

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

    expect(await watch.stop()).toBe(0);
  });

  it("refuses --watch without --out (usage, exit 2)", async () => {
    const { args } = makeRoots();
    const run = await runBin(["payload", "--watch", ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--watch needs --out <dir>/);
  });
});
