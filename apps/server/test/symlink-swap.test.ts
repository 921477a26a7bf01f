// A skill directory swapped for a link to an outside directory, and back, in
// a loop while the server reads it: lstat then open by path once let 450 of
// 4,453 /api/payload answers carry the outside SKILL.md, and served a file
// that exists only outside the store. Builtin skills are read here because
// nothing gates them (a managed skill's drift would hide part of the leak).
// Every answer must hold the skill's own bytes or a refusal, never a byte of
// the outside directory; the loop's swaps are counted so the race is real,
// and /healthz answers within a second throughout.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import { DirectoryStore, install } from "@skillshelf/skill-catalog";
import { startSwapLoop } from "@skillshelf/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer, writeSkill } from "./support/server.js";

const OUTSIDE = "OUTSIDE-BYTES";
let server: TestServer;
let outside: string;

beforeAll(async () => {
  server = await startServer();
  await writeSkill(server.roots.builtin, "victim", { "refs/guide.md": "inside\n" });
  await writeSkill(server.roots.builtin, "nested", { "refs/guide.md": "inside\n" });
  outside = join(server.dir, "outside");
  for (const dir of [join(outside, "victim", "refs"), join(outside, "refs")]) {
    await mkdir(dir, { recursive: true });
  }
  await writeFile(join(outside, "victim", "SKILL.md"), `# victim\n\n${OUTSIDE}\n`);
  await writeFile(join(outside, "victim", "secret.txt"), `${OUTSIDE}\n`);
  await writeFile(join(outside, "victim", "refs", "guide.md"), `${OUTSIDE}\n`);
  await writeFile(join(outside, "refs", "guide.md"), `${OUTSIDE}\n`);
  await writeFile(join(outside, "refs", "secret.txt"), `${OUTSIDE}\n`);
});
afterAll(() => server.stop());

const get = async (path: string): Promise<{ status: number; text: string }> => {
  const response = await fetch(`${server.url}${path}`, { headers: server.auth });
  return { status: response.status, text: await response.text() };
};

/** Fails unless /healthz answers 200 within a second. */
const healthyWithinASecond = async (): Promise<void> => {
  const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1000) });
  expect(response.status).toBe(200);
};

const READS = [
  "/api/payload",
  "/api/skills",
  "/api/skills/victim",
  "/api/skills/victim/files/SKILL.md",
  "/api/skills/victim/files/secret.txt",
  "/api/skills/victim/files/refs/guide.md",
  "/api/skills/nested",
  "/api/skills/nested/files/refs/guide.md",
  "/api/skills/nested/files/refs/secret.txt",
];

// Both ways of swapping: atomic exchange (the path is always there, as one or
// the other) and plain renames (it is missing for a moment too).
const WAYS = ["exchange", "renames"] as const;

describe("a skill directory swapped for a link while it is read", () => {
  it.each(WAYS)("never serves a byte from outside the store (%s)", async (way) => {
    const loop = await startSwapLoop(
      [
        { target: join(server.roots.builtin, "victim"), outside: join(outside, "victim") },
        { target: join(server.roots.builtin, "nested", "refs"), outside: join(outside, "refs") },
      ],
      join(server.dir, `stash-${way}`),
      { way },
    );
    const leaked: string[] = [];
    const statuses = new Map<string, Set<number>>();
    try {
      for (let round = 0; round < 100; round++) {
        if (round % 10 === 0) await healthyWithinASecond();
        for (const path of READS) {
          const { status, text } = await get(path);
          if (text.includes(OUTSIDE)) leaked.push(`${path} (${status})`);
          statuses.set(path, (statuses.get(path) ?? new Set()).add(status));
        }
      }
    } finally {
      const swaps = await loop.stop();
      expect(swaps).toBeGreaterThan(0);
    }
    expect(leaked).toEqual([]);
    // The skill's own files are still served (the loop puts them back each round).
    expect(statuses.get("/api/skills/victim/files/SKILL.md")?.has(200)).toBe(true);
    expect(await get("/api/skills/nested/files/refs/guide.md")).toEqual({
      status: 200,
      text: "inside\n",
    });
  });

  it.each(WAYS)(
    "never answers with a record read through a .records swapped for a link (%s)",
    async (way) => {
      const source = join(server.dir, `source-${way}`);
      const id = `kept-${way}`;
      await writeSkill(source, id);
      const read = await readBundle({ kind: "path", path: source });
      if (!read.ok) throw new Error(read.refusal.code);
      const roots = {
        builtin: server.roots.builtin,
        managed: new DirectoryStore(server.roots.managed),
      };
      expect(await install(roots, read.skills, { tool: "inside 1" })).toMatchObject({ ok: true });
      const records = join(server.roots.managed, ".records");
      const forged = join(server.dir, `outside-records-${way}`);
      await mkdir(forged);
      const record = JSON.parse(await readFile(join(records, `${id}.json`), "utf8"));
      await writeFile(join(forged, `${id}.json`), JSON.stringify({ ...record, tool: OUTSIDE }));
      const loop = await startSwapLoop(
        [{ target: records, outside: forged }],
        join(server.dir, `stash-records-${way}`),
        { way },
      );
      const leaked: string[] = [];
      try {
        for (let round = 0; round < 300; round++) {
          const { status, text } = await get(`/api/skills/${id}`);
          if (text.includes(OUTSIDE)) leaked.push(`/api/skills/${id} (${status})`);
        }
      } finally {
        expect(await loop.stop()).toBeGreaterThan(0);
      }
      expect(leaked).toEqual([]);
      expect(await get(`/api/skills/${id}`)).toMatchObject({
        status: 200,
        text: expect.stringContaining("inside 1"),
      });
    },
  );
});
