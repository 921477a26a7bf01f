// Work in progress is answered: the connection's idle timeout once cut the
// answers of imports that were still waiting for the store and then
// installed anyway (the client saw nothing but `100 Continue`), and queued
// lists got empty replies. Here the server's idle timeout is 400 ms and the
// managed root's lock is held by a live owner for several times that; the
// import waits its turn and is answered 201, in the one shape, and a list
// made meanwhile answers too.
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { skillFiles, tgzOf } from "./support/bodies.js";
import { startServer, type TestServer } from "./support/server.js";

let server: TestServer | undefined;
afterEach(() => server?.stop());

/** Holds `<managed>/.lock` as a live writer of this host would (this process's pid). */
function holdLock(managed: string): () => void {
  const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  const owner = { pid: process.pid, host: hostname(), boot, token: "held-by-the-test" };
  const lock = join(managed, ".lock");
  writeFileSync(lock, JSON.stringify(owner));
  return () => unlinkSync(lock);
}

describe("a request being worked on", () => {
  it("is not cut by the idle timeout while it waits for the store", async () => {
    const started = await startServer({ connectionTimeout: 400 });
    server = started;
    const release = holdLock(started.roots.managed);
    const sent = fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/gzip" },
      body: tgzOf("waits", skillFiles("waits")),
    });
    // Held for several idle timeouts; the import polls the lock all along.
    // Lists asked meanwhile answer in full (they once got empty replies), and
    // /healthz within a second.
    const lists = Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${started.url}/api/skills`, { headers: started.auth }).then(async (answer) => ({
          status: answer.status,
          body: (await answer.json()) as { skills?: unknown[] },
        })),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    expect(health.status).toBe(200);
    for (const { status, body } of await lists) {
      expect(status).toBe(200);
      expect(Array.isArray(body.skills)).toBe(true);
    }
    release();
    const answer = await sent;
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ skills: [{ id: "waits" }] });
  });
});
