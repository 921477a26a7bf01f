// Bundles whose frontmatter once crashed or stalled the server, posted to a
// real server on 127.0.0.1 while /healthz is asked again and again: each
// import answers its refusal (4xx, never 500 "internal"), and every /healthz
// answer comes within a second. The over-limit SKILL.md with 64,000 '[' once
// overflowed the stack in the findings' own parse (500); four blocks of the
// costliest frontmatter held the event loop for 3.8 to 5 s (the reader's
// parse, then the findings' second one, all in one turn).
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  buildTarGz,
  type Case,
  costliestFrontmatter,
  deepBracketsPastSkillLimit,
} from "@skillshelf/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/**
 * A client of its own process that asks /healthz every 20 ms and prints how
 * long each answer took, one per line: what a load balancer's probe sees,
 * measured outside the server's event loop (a client in the server's own
 * process would need a turn of that loop for each step of its own request).
 */
const POLLER = `
const url = process.argv[1];
for (;;) {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  await response.arrayBuffer();
  console.log(response.status === 200 ? performance.now() - started : -response.status);
  await new Promise((resolve) => setTimeout(resolve, 20));
}`;

/** Starts `work` once another process is polling /healthz; its answer, and the time each /healthz answer took (ms). */
async function healthWhile<T>(work: () => Promise<T>): Promise<{ answer: T; took: number[] }> {
  const poller = spawn(
    process.execPath,
    ["--input-type=module", "-e", POLLER, `${server.url}/healthz`],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  poller.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  // The poller's first answer, so the import starts while it is already asking.
  await new Promise<void>((resolve) => poller.stdout.once("data", () => resolve()));
  try {
    const answer = await work();
    // One answer more, to a question asked while the import ran or after it ended.
    await new Promise<void>((resolve) => poller.stdout.once("data", () => resolve()));
    return { answer, took: out.trim().split("\n").map(Number) };
  } finally {
    const exited = new Promise((resolve) => poller.once("exit", resolve));
    poller.kill();
    await exited;
  }
}

describe.each([
  { bundle: deepBracketsPastSkillLimit, code: "skill-file-too-large" },
  { bundle: costliestFrontmatter, code: "invalid-frontmatter" },
])("$bundle.name", ({ bundle, code }: { bundle: Case; code: string }) => {
  it.each(["", "?dry_run=1"])(
    "POST /api/imports%s: 422 with the refusal, and /healthz within a second throughout",
    async (query) => {
      const body = await buildTarGz(bundle);
      const { answer: response, took } = await healthWhile(async () => {
        const answer = await fetch(`${server.url}/api/imports${query}`, {
          method: "POST",
          headers: { ...server.auth, "content-type": "application/gzip" },
          body,
        });
        // The poller's answers up to the end of the import's, however the body is read after.
        await answer.clone().arrayBuffer();
        return answer;
      });
      expect(response.status).toBe(422);
      expect(await bodyOf(response)).toMatchObject({ refusal: { code } });
      expect(took.length).toBeGreaterThan(1);
      expect(took.every((ms) => ms >= 0)).toBe(true);
      expect(Math.max(...took)).toBeLessThan(1_000);
    },
    60_000,
  );
});

// The same shapes stored by hand (a skill written into a root, never
// imported), where the catalog reads them on every list: a stored SKILL.md
// of 34,800 keys (253 KiB, under the SKILL.md limit) once made one
// GET /api/skills take 6.8 s, and four at once 32 s with three empty replies.
describe("stored skills with the costliest frontmatter", () => {
  it("GET /api/skills and /api/payload, four and two at once, each answer, and /healthz within a second", async () => {
    for (const entry of costliestFrontmatter.entries) {
      await mkdir(join(server.roots.builtin, entry.path, ".."), { recursive: true });
      await writeFile(join(server.roots.builtin, entry.path), entry.text ?? "");
    }
    const keys = Array.from({ length: 34_800 }, (_, i) => `k${i}: v`).join("\n");
    await mkdir(join(server.roots.builtin, "keys"), { recursive: true });
    await writeFile(
      join(server.roots.builtin, "keys", "SKILL.md"),
      `---\nname: keys\n${keys}\n---\n# keys\n`,
    );
    const read = (path: string) =>
      fetch(`${server.url}${path}`, { headers: server.auth }).then(async (answer) => ({
        status: answer.status,
        body: (await answer.json()) as { skills: unknown[]; refused: { id: string }[] },
      }));
    for (let round = 0; round < 2; round++) {
      const { answer, took } = await healthWhile(() =>
        Promise.all([
          ...Array.from({ length: 4 }, () => read("/api/skills")),
          read("/api/payload"),
          read("/api/payload"),
        ]),
      );
      // Each answer is whole: every stored skill is named, none of them offered.
      const stored = ["keys", "s00", "s01", "s02", "s03"];
      for (const { status, body } of answer) {
        expect(status).toBe(200);
        expect(body.skills).toEqual([]);
        expect(body.refused.map((skill) => skill.id).sort()).toEqual(stored);
      }
      expect(took.every((ms) => ms >= 0)).toBe(true);
      expect(Math.max(...took)).toBeLessThan(1_000);
    }
  }, 120_000);
});
