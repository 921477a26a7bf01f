// @module-tag heavy
// A frozen database: every process of a throwaway PostgreSQL cluster is
// stopped with SIGSTOP, so connections stay open and nothing answers (what a
// hung host or a paused VM looks like). Reads once hung for as long as the
// connection's idle timeout and then got an empty reply; now each read has a
// client-side limit (readTimeoutMs, 1 s here) and `/api/skills` answers 503
// `store-unavailable` in the one shape, while /healthz keeps answering; the
// CLI's `list` says store-unavailable too (exit 3), once its new connection
// times out. Once the cluster runs again, the same server lists again.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { shelfOver } from "@skillshelf/shelf";
import { openPostgresStore, type PostgresStore } from "@skillshelf/store-postgres";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { writeTree } from "@skillshelf/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type ServerApp } from "../src/app.js";
import { skillFiles, tgzOf } from "./support/bodies.js";
import { testToken } from "./support/server.js";

let cluster: Cluster;
let store: PostgresStore;
let server: ServerApp;
let url: string;
let dir: string;
let database: string;
const CLI = fileURLToPath(import.meta.resolve("@skillshelf/cli/package.json")).replace(
  /package\.json$/,
  "dist/bin.js",
);
const auth = { authorization: `Bearer ${testToken}` };

beforeAll(async () => {
  cluster = await startCluster();
  dir = await mkdtemp(join(tmpdir(), "skillshelf-frozen-"));
  database = cluster.createDatabase();
  const opened = await openPostgresStore(database, {
    readTimeoutMs: 1_000,
    writeTimeoutMs: 1_000,
    connectTimeoutMs: 1_000,
  });
  if (!opened.ok) throw new Error(opened.refusal.detail);
  store = opened.store;
  const shelf = shelfOver({ builtin: join(dir, "skills"), managed: store }, "frozen test");
  writeTree(join(dir, "source"), { "alpha/SKILL.md": "# alpha\n\nDoes alpha.\n" });
  const imported = await shelf.import({ kind: "path", path: join(dir, "source") });
  if (!imported.ok) throw new Error(imported.refusal.code);
  server = await buildApp({ shelf, token: testToken, logger: false });
  await server.app.listen({ host: "127.0.0.1", port: 0 });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.app.close();
  await store?.close();
  cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Fails unless /healthz answers 200 within a second. */
const healthyWithinASecond = async (): Promise<void> => {
  const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
  expect(response.status).toBe(200);
};

describe("a frozen database", () => {
  it("answers reads store-unavailable within their limit, and lists again once it runs", async () => {
    expect((await fetch(`${url}/api/skills`, { headers: auth })).status).toBe(200);
    const thaw = cluster.freeze();
    try {
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => fetch(`${url}/api/skills`, { headers: auth })),
      );
      for (const answer of answers) {
        const body = await answer.clone().text();
        expect(answer.status, body).toBe(503);
        expect(await answer.json()).toMatchObject({
          refusal: { code: "store-unavailable" },
          message: expect.stringContaining("cannot be reached"),
        });
      }
      await healthyWithinASecond();
      const one = await fetch(`${url}/api/skills/alpha`, { headers: auth });
      expect(one.status).toBe(503);
      // The CLI's list opens its own connection, which the frozen server never completes.
      const listed = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const args = [CLI, "list", "--store", database, "--workspace", dir];
        const child = execFile(process.execPath, args, (_error, _stdout, stderr) =>
          resolve({ code: child.exitCode, stderr }),
        );
      });
      expect(listed.code).toBe(3);
      expect(listed.stderr).toMatch(/^refused \(store-unavailable\)/);
    } finally {
      thaw();
    }
    const again = await fetch(`${url}/api/skills`, { headers: auth });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { skills: { id: string }[] }).skills).toMatchObject([
      { id: "alpha" },
    ]);
  });

  it("answers an import store-unavailable within its limit and stores nothing, while /healthz answers", async () => {
    const thaw = cluster.freeze();
    try {
      const sent = fetch(`${url}/api/imports`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/gzip" },
        body: tgzOf("beta", skillFiles("beta")),
      });
      await healthyWithinASecond();
      const answer = await sent;
      const body = await answer.clone().text();
      expect(answer.status, body).toBe(503);
      expect(await answer.json()).toMatchObject({ refusal: { code: "store-unavailable" } });
      await healthyWithinASecond();
    } finally {
      thaw();
    }
    const listed = await fetch(`${url}/api/skills`, { headers: auth });
    expect(((await listed.json()) as { skills: { id: string }[] }).skills).toMatchObject([
      { id: "alpha" },
    ]);
  });
});
