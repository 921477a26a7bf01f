import { spawnSync } from "node:child_process";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { message } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { materialize, readPayload } from "../src/index.js";
import {
  makeRoots,
  makeTempDir,
  manySkills,
  skillText,
  skillTextOfSize,
  writeSkills,
} from "./trees.js";

describe("materialize", () => {
  it("creates the directory and leaves only skills.json behind", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    const out = join(await makeTempDir(), "a", "b", "c");
    const written = await materialize(roots, out);
    if (!written.ok) throw new Error(`refused: ${written.refusal.code}`);
    expect(await readdir(out)).toEqual(["skills.json"]);
    expect((await stat(written.path)).mode & 0o777).toBe(0o644 & ~process.umask());
    expect(await readFile(written.path, "utf8")).toBe(`${JSON.stringify(written.payload)}\n`);
  });

  it("replaces an earlier payload in place", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    const out = await makeTempDir();
    const first = await materialize(roots, out);
    await writeSkills(roots.builtin, { beta: skillText("beta") });
    const second = await materialize(roots, out);
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(second.payload.revision).not.toBe(first.payload.revision);
    expect(await readPayload(second.path)).toEqual({ ok: true, payload: second.payload });
    expect(await readdir(out)).toEqual(["skills.json"]);
  });

  it("lets concurrent writers race without tearing or leaving temporary files", async () => {
    const roots = await makeRoots(manySkills(20, 10_000));
    const out = await makeTempDir();
    const results = await Promise.all(Array.from({ length: 6 }, () => materialize(roots, out)));
    expect(results.map((r) => r.ok)).toEqual(results.map(() => true));
    const read = await readPayload(join(out, "skills.json"));
    expect(read.ok && results[0]!.ok && read.payload).toEqual(
      results[0]!.ok && results[0]!.payload,
    );
    expect(await readdir(out)).toEqual(["skills.json"]);
  });

  it("clears a temporary file left by a dead writer, and keeps a live writer's", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    const out = await makeTempDir();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const stale = `.skills.json.${dead}.0b5e7a1c.tmp`;
    const live = `.skills.json.${process.pid}.4f2d9e60.tmp`;
    await writeFile(join(out, stale), "{ half a payl");
    await writeFile(join(out, live), "{ being writ");
    const written = await materialize(roots, out);
    expect(written.ok).toBe(true);
    expect((await readdir(out)).sort()).toEqual([live, "skills.json"]);
  });

  it("refuses with store-failed, never throws, when the directory cannot be made", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    const blocker = join(await makeTempDir(), "file");
    await writeFile(blocker, "not a directory");
    const written = await materialize(roots, join(blocker, "out"));
    if (written.ok) throw new Error("wrote below a regular file");
    expect(written.refusal).toMatchObject({
      code: "store-failed",
      path: join(blocker, "out", "skills.json"),
    });
    expect(message(written.refusal)).toMatch(/could not be written \(.*ENOTDIR/);
  });

  it("never shows a concurrent reader a half-written file", async () => {
    // Bodies large enough (about 1.5 MiB in all) that one write spans many
    // chunks, and two versions of one skill so successive files differ.
    const skills = manySkills(6, 250_000);
    const roots = await makeRoots(skills);
    const out = await makeTempDir();
    const first = await materialize(roots, out);
    if (!first.ok) throw new Error(`refused: ${first.refusal.code}`);

    let writing = true;
    const revisions = new Set<string>();
    const failures: string[] = [];
    let reads = 0;
    const reader = (async () => {
      while (writing) {
        const read = await readPayload(first.path);
        reads++;
        if (read.ok) revisions.add(read.payload.revision);
        else failures.push(message(read.refusal));
      }
    })();

    const written = new Set<string>([first.payload.revision]);
    try {
      // At least 30 writes, and on until the reader has had turns enough to
      // interleave (a loaded machine gives it fewer per write).
      for (let round = 0; round < 30 || (reads <= 20 && round < 1_000); round++) {
        const body = skillTextOfSize("skill-0000", 250_000 - (round % 2));
        await writeSkills(roots.builtin, { "skill-0000": body });
        const result = await materialize(roots, out);
        if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
        written.add(result.payload.revision);
      }
    } finally {
      writing = false;
      await reader;
    }
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    for (const revision of revisions) expect(written.has(revision)).toBe(true);
    expect(await readdir(out)).toEqual(["skills.json"]);
  });
});
