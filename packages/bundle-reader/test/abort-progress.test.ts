// An abort rejects with the signal's reason, at once and in the middle of any
// source; progress reports grow, are throttled, and end with a final call.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ReadProgress, readBundle, type Source } from "../src/index.js";
import { zeroBomb } from "./support/bomb.js";
import { folderOf, scratch } from "./support/folder.js";
import { skillMembers, tar } from "./support/tar.js";

const reason = new Error("stop reading");

async function manyFiles(): Promise<string> {
  const files: Record<string, string> = { "s/SKILL.md": "# s\n" };
  for (let i = 0; i < 300; i++) files[`s/f${i}.md`] = `file ${i}\n`.repeat(50);
  return folderOf(files);
}

describe("abort", () => {
  it("rejects at once with the reason of an already aborted signal", async () => {
    const bytes = tar(...skillMembers("b/s"));
    await expect(
      readBundle({ kind: "archive", bytes }, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
  });

  it("rejects promptly in the middle of a gunzip", async () => {
    const controller = new AbortController();
    let aborted = 0;
    const reading = readBundle(
      { kind: "archive", bytes: zeroBomb(1024) },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.bytes > 0 && aborted === 0) {
            aborted = performance.now();
            controller.abort(reason);
          }
        },
      },
    );
    await expect(reading).rejects.toBe(reason);
    expect(performance.now() - aborted).toBeLessThan(500);
  });

  it.each<[string, () => Promise<Source>]>([
    ["a folder", async () => ({ kind: "path", path: await manyFiles() })],
    [
      "an archive file",
      async () => {
        const path = join(await scratch(), "b.tar");
        await writeFile(path, tar(...skillMembers("b/s")));
        return { kind: "path", path };
      },
    ],
  ])("rejects with the reason when aborted while reading %s", async (_, make) => {
    const source = await make();
    const controller = new AbortController();
    const reading = readBundle(source, { signal: controller.signal });
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
  });

  it("resolves normally when the signal is never used", async () => {
    const bytes = tar(...skillMembers("b/s"));
    const result = await readBundle(
      { kind: "archive", bytes },
      { signal: new AbortController().signal },
    );
    expect(result.ok).toBe(true);
  });
});

describe("progress", () => {
  it.each<[string, () => Promise<Source>]>([
    ["a folder", async () => ({ kind: "path", path: await manyFiles() })],
    ["an archive", async () => ({ kind: "archive", bytes: tar(...skillMembers("b/s")) })],
    [
      "uploads",
      async () => ({
        kind: "uploads",
        files: [{ path: "b/s/SKILL.md", bytes: Buffer.from("# s\n") }],
      }),
    ],
  ])("reports bytes and entries, growing, with a final call, for %s", async (_, make) => {
    const seen: ReadProgress[] = [];
    const result = await readBundle(await make(), { onProgress: (p) => seen.push({ ...p }) });
    expect(result.ok).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.bytes).toBeGreaterThanOrEqual(seen[i - 1]!.bytes);
      expect(seen[i]!.entries).toBeGreaterThanOrEqual(seen[i - 1]!.entries);
    }
    const last = seen.at(-1)!;
    expect(last.bytes).toBeGreaterThan(0);
    expect(last.entries).toBeGreaterThan(0);
  });

  it("is throttled, not reported per entry", async () => {
    const members = skillMembers("b/s");
    for (let i = 0; i < 3000; i++) members.push({ name: `b/s/f${i}.md`, body: "x" });
    let calls = 0;
    await readBundle({ kind: "archive", bytes: tar(...members) }, { onProgress: () => calls++ });
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(300);
  });

  it.each<[string, () => Promise<Source>]>([
    ["a folder", async () => ({ kind: "path", path: await manyFiles() })],
    ["an archive", async () => ({ kind: "archive", bytes: tar(...skillMembers("b/s")) })],
  ])("lets a failing progress callback fail the read, never a refusal, for %s", async (_, make) => {
    const broken = new Error("the progress bar broke");
    const reading = readBundle(await make(), {
      onProgress: () => {
        throw broken;
      },
    });
    await expect(reading).rejects.toBe(broken);
  });

  it("makes a final call for a refused read too", async () => {
    let last: ReadProgress | undefined;
    const bytes = tar(...skillMembers("b/s"), { name: "/abs", body: "x" });
    const result = await readBundle({ kind: "archive", bytes }, { onProgress: (p) => (last = p) });
    expect(result.ok).toBe(false);
    expect(last?.entries).toBe(3);
  });
});
