import { writeFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Roots } from "@skillshelf/skill-catalog";
import { describe, expect, it } from "vitest";
import { readPayload, type WatchEvent, watchPayload } from "../src/index.js";
import { makeRoots, makeTempDir, skillText, writeSkills } from "./trees.js";

/** Resolves once `events` holds `count` entries (checked every 10 ms, up to 30 s). */
async function until(events: WatchEvent[], count: number): Promise<void> {
  for (let i = 0; i < 3_000 && events.length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(events.length).toBeGreaterThanOrEqual(count);
}

/** Watches `roots` into `dir` every 20 ms, collecting what it says; `stop` ends it. */
function watch(roots: Roots, dir: string) {
  const events: WatchEvent[] = [];
  const stop = new AbortController();
  const watching = watchPayload(roots, dir, {
    signal: stop.signal,
    intervalMs: 20,
    onEvent: (event) => events.push(event),
  });
  return { events, stop, watching };
}

describe("watchPayload", () => {
  it("writes at start, again when the revision changes, and never when it does not", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    const out = await makeTempDir();
    const { events, stop, watching } = watch(roots, out);
    await until(events, 1);
    const first = events[0]!;
    expect(first.kind).toBe("written");
    const path = join(out, "skills.json");
    const before = await readFile(path, "utf8");

    // Ten quiet intervals: nothing rewritten.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toHaveLength(1);
    expect(await readFile(path, "utf8")).toBe(before);

    await writeSkills(roots.builtin, { beta: skillText("beta") });
    await until(events, 2);
    const second = events[1]!;
    if (first.kind !== "written" || second.kind !== "written") throw new Error("not written");
    expect(second.payload.revision).not.toBe(first.payload.revision);
    expect(second.payload.skills.map((skill) => skill.id)).toEqual(["alpha", "beta"]);
    expect(await readPayload(path)).toEqual({ ok: true, payload: second.payload });

    stop.abort();
    await watching;
  });

  it("writes again when a reference file or the refused list changes beneath an unchanged revision", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    writeFileSync(join(roots.builtin, "alpha", "reference.md"), "first\n");
    await writeSkills(roots.builtin, { bad: skillText("memo") });
    const out = await makeTempDir();
    const { events, stop, watching } = watch(roots, out);
    await until(events, 1);
    const written = () =>
      events.map((event) => (event.kind === "written" ? event.payload : undefined));
    const first = written()[0]!;
    expect(first.refused).toMatchObject([{ id: "bad", code: "identity-mismatch" }]);
    expect(first.refused[0]!.reason).toContain("'memo'");

    // The body stays, so the revision does; the file list's digest does not.
    writeFileSync(join(roots.builtin, "alpha", "reference.md"), "second\n");
    await until(events, 2);
    const second = written()[1]!;
    expect(second.revision).toBe(first.revision);
    expect(second.skills[0]!.treeDigest).not.toBe(first.skills[0]!.treeDigest);
    expect(await readPayload(join(out, "skills.json"))).toEqual({ ok: true, payload: second });

    // A refused skill's reason changes; nothing offered does.
    await writeSkills(roots.builtin, { bad: skillText("other") });
    await until(events, 3);
    const third = written()[2]!;
    expect(third.revision).toBe(first.revision);
    expect(third.refused[0]!.reason).toContain("'other'");
    expect(await readPayload(join(out, "skills.json"))).toEqual({ ok: true, payload: third });

    // And nothing else is written while nothing changes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toHaveLength(3);
    stop.abort();
    await watching;
  });

  it("says a refusal once, keeps the last payload, and recovers", async () => {
    const roots = await makeRoots({ alpha: skillText("alpha") });
    const out = await makeTempDir();
    const { events, stop, watching } = watch(roots, join(out, "payload"));
    await until(events, 1);
    // The payload's directory becomes a file: the next write cannot happen.
    await rm(join(out, "payload"), { recursive: true });
    writeFileSync(join(out, "payload"), "not a directory any more");
    await writeSkills(roots.builtin, { beta: skillText("beta") });
    await until(events, 2);
    expect(events[1]).toMatchObject({ kind: "refused", refusal: { code: "store-failed" } });
    // Every later tick fails the same way, and is not said again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toHaveLength(2);
    // gamma lands while writes still fail, so the first write after the
    // blocking file goes already holds it (a tick racing the removal may
    // first fail once more).
    await writeSkills(roots.builtin, { gamma: skillText("gamma") });
    await rm(join(out, "payload"));
    for (let i = 0; i < 3_000 && events.at(-1)?.kind !== "written"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const last = events.at(-1);
    expect(last?.kind === "written" && last.payload.skills.map((skill) => skill.id)).toEqual([
      "alpha",
      "beta",
      "gamma",
    ]);
    stop.abort();
    await watching;
  });
});
