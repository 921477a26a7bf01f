// GET /api/lock-status over real HTTP: a store synced from a manifest is in
// step with the lock sync wrote (200), a skill added behind the lock's back
// puts it out of step (409, named), the route wants the token like every
// other /api route, and a server started without a lock says so.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { shelfOver } from "@skillshelf/shelf";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { makeTempDir } from "@skillshelf/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

let server: TestServer | undefined;
afterEach(() => server?.stop());

describe("GET /api/lock-status", () => {
  it("answers 200 in step with the lock, 409 naming each difference once the store moved", async () => {
    const set = makeTempDir();
    await writeSkill(join(set, "local"), "alpha");
    await writeFile(
      join(set, "skillshelf.json"),
      JSON.stringify({ skills: [{ source: "local" }] }),
    );
    const lock = join(set, "skillshelf.lock.json");
    server = await startServer({ lock });
    const shelf = shelfOver(
      { builtin: server.roots.builtin, managed: new DirectoryStore(server.roots.managed) },
      "test 1",
    );
    const synced = await shelf.sync({ manifest: join(set, "skillshelf.json"), lock });
    expect(synced, JSON.stringify(synced)).toMatchObject({ ok: true });
    const inStep = await fetch(`${server.url}/api/lock-status`, { headers: server.auth });
    expect(inStep.status).toBe(200);
    const body = await bodyOf(inStep);
    expect(body).toEqual({
      ok: true,
      inStep: true,
      revision: expect.stringMatching(/^[0-9a-f]{64}$/),
      differences: [],
    });

    await writeSkill(server.roots.managed, "beta");
    const moved = await fetch(`${server.url}/api/lock-status`, { headers: server.auth });
    expect(moved.status).toBe(409);
    expect(await bodyOf(moved)).toMatchObject({
      inStep: false,
      differences: ["skill 'beta' is stored but not in the lock"],
    });
    expect((await fetch(`${server.url}/api/lock-status`)).status).toBe(401);
  });

  it("refuses when the server was started without a lock", async () => {
    server = await startServer();
    const response = await fetch(`${server.url}/api/lock-status`, { headers: server.auth });
    expect(response.status).toBe(422);
    expect(await bodyOf(response)).toMatchObject({ refusal: { code: "invalid-manifest" } });
  });
});
