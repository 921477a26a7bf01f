// `payload --out <dir> --watch` as a worker host runs it: the built binary
// writes the payload at start, again when a skill is imported by another
// process (the directory store announces nothing across processes, so the
// interval finds it), never when nothing changed, and exits 0 on SIGTERM. A
// skill edited by hand while it runs leaves the payload for its refused
// list as `drifted`, with the files that changed, and comes back once
// approved.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importedRoots } from "./support/imported.js";
import { runBin, SAMPLE_BUNDLE, watchPayload } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile } from "./support/trees.js";

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

  it("refuses a skill edited by hand as drifted, naming its files, until it is approved", async () => {
    const { data, args } = await importedRoots({
      "alpha/SKILL.md": skillFile("alpha"),
      "alpha/a.md": "a\n",
      "beta/SKILL.md": skillFile("beta"),
    });
    const out = makeTempDir();
    const written = () => JSON.parse(readFileSync(join(out, "skills.json"), "utf8"));
    const watch = watchPayload(out, args, { SKILLSHELF_WATCH_INTERVAL_MS: "50" });
    const { lines, until } = watch;
    await until(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: true, skills: 2 });
    expect(written().refused).toEqual([]);

    // One write: the watch may build between two, and a second file drifting
    // would not change the revision the watch rewrites on.
    writeFileSync(join(data, "skills", "alpha", "a.md"), "edited by hand\n");
    await until(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({ ok: true, skills: 1 });
    const drifted = written();
    expect(drifted.skills.map((skill: { id: string }) => skill.id)).toEqual(["beta"]);
    expect(drifted.refused).toMatchObject([
      {
        id: "alpha",
        code: "drifted",
        files: [{ path: "a.md", change: "modified" }],
      },
    ]);

    expect((await runBin(["approve", "alpha", ...args])).code).toBe(0);
    await until(3);
    expect(JSON.parse(lines[2]!)).toMatchObject({ ok: true, skills: 2 });
    expect(written().refused).toEqual([]);
    expect(await watch.stop()).toBe(0);
  });

  it("refuses --watch without --out (usage, exit 2)", async () => {
    const { args } = makeRoots();
    const run = await runBin(["payload", "--watch", ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--watch needs --out <dir>/);
  });
});
