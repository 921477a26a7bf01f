// Install records spoilt behind the server's back, over real HTTP: a fifo in
// `.records/` once blocked every thread of the pool in open(), so the list
// and then every other route hung. Now a fifo, a link to /dev/zero or a
// record of `null` is the `bad-record` of its own skill, the list answers
// every time, and /healthz answers within a second throughout.
import { execFileSync } from "node:child_process";
import { rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import { DirectoryStore, install } from "@skillshelf/skill-catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  const source = join(server.dir, "source");
  for (const id of ["fifo", "zero", "empty", "fine"]) await writeSkill(source, id);
  const read = await readBundle({ kind: "path", path: source });
  if (!read.ok) throw new Error(read.refusal.code);
  const roots = {
    builtin: server.roots.builtin,
    managed: new DirectoryStore(server.roots.managed),
  };
  expect(await install(roots, read.skills, { tool: "test 1" })).toMatchObject({ ok: true });
  const records = join(server.roots.managed, ".records");
  await rm(join(records, "fifo.json"));
  execFileSync("mkfifo", [join(records, "fifo.json")]);
  await rm(join(records, "zero.json"));
  await symlink("/dev/zero", join(records, "zero.json"));
  await writeFile(join(records, "empty.json"), "null");
});
afterAll(() => server.stop());

const get = (path: string) => fetch(`${server.url}${path}`, { headers: server.auth });

/** Fails unless /healthz answers 200 within a second. */
async function expectHealthy(): Promise<void> {
  const started = Date.now();
  const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1000) });
  expect(response.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1000);
}

describe("spoilt install records", () => {
  it("never stall the list: five at once all answer, and /healthz stays within a second", async () => {
    const lists = Array.from({ length: 5 }, () => get("/api/skills"));
    await expectHealthy();
    for (const response of await Promise.all(lists)) {
      expect(response.status).toBe(200);
      const body = await bodyOf(response);
      expect(body.skills.map((skill: { id: string }) => skill.id).sort()).toEqual([
        "empty",
        "fifo",
        "fine",
        "zero",
      ]);
    }
    await expectHealthy();
  });

  it.each([
    ["fifo", /not a regular file/],
    ["zero", /is a link/],
    ["empty", /expected object/],
  ])("name %s's record as bad-record, and leave the others alone", async (id, detail) => {
    const response = await get(`/api/skills/${id}`);
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.verify).toMatchObject({
      status: "bad-record",
      refusal: { code: "bad-record", skill: id, detail: expect.stringMatching(detail) },
    });
    expect(body.record).toBeUndefined();
    expect((await bodyOf(await get("/api/skills/fine"))).verify).toMatchObject({
      status: "unchanged",
    });
    await expectHealthy();
  });
});
