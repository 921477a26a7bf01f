// @module-tag heavy
// Two `skillshelf-server` processes on one PostgreSQL database, as a fleet
// runs them behind a proxy: what one imports the other lists; of two
// imports of one id through both, one wins; a removal through one is gone
// from the other; the other's event stream hears it; a replica killed
// mid-import leaves no torn skill; the database restarted mid-import costs
// that import (store-failed or store-unavailable) and readiness, never the
// server.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { skillFiles, tgzOf } from "./support/bodies.js";
import { type Replica, runServerBin, startReplica } from "./support/replica.js";

let cluster: Cluster;
let workspace: string;
beforeAll(async () => {
  cluster = await startCluster();
  workspace = await mkdtemp(join(tmpdir(), "skillshelf-fleet-"));
  // One builtin skill, the same on both hosts: both compute the same revision.
  await mkdir(join(workspace, "skills", "house-style"), { recursive: true });
  await writeFile(
    join(workspace, "skills", "house-style", "SKILL.md"),
    "# house-style\n\nWrite plainly.\n",
  );
});
afterAll(async () => {
  cluster?.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** Two replicas on a fresh database, stopped at the end of the test. */
async function twoReplicas(): Promise<[Replica, Replica, string]> {
  const store = cluster.createDatabase();
  const one = await startReplica(store, workspace);
  const two = await startReplica(store, workspace);
  onTestFinished(async () => {
    await Promise.all([one.stop(), two.stop()]);
  });
  return [one, two, store];
}

const importInto = (replica: Replica, body: Uint8Array, query = "") =>
  fetch(`${replica.base}/api/imports${query}`, {
    method: "POST",
    headers: { ...replica.auth, "content-type": "application/gzip" },
    body,
  });

const idsOf = async (replica: Replica): Promise<string[]> => {
  const answer = await fetch(`${replica.base}/api/skills`, { headers: replica.auth });
  const body = (await answer.json()) as { skills: { id: string }[] };
  return body.skills.map((skill) => skill.id);
};

const revisionOf = async (replica: Replica): Promise<string> => {
  const answer = await fetch(`${replica.base}/api/payload`, { headers: replica.auth });
  return ((await answer.json()) as { revision: string }).revision;
};

const eventually = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
};

describe("two replicas on one database (needs PostgreSQL)", () => {
  it("lists on one what was imported through the other, with the same revision", async () => {
    const [one, two] = await twoReplicas();
    expect(await revisionOf(one)).toBe(await revisionOf(two));
    const answer = await importInto(
      one,
      tgzOf("bundle", skillFiles("shared-skill", { "notes.md": "n" })),
    );
    expect(answer.status).toBe(201);
    expect(await idsOf(two)).toEqual(["house-style", "shared-skill"]);
    expect(await revisionOf(two)).toBe(await revisionOf(one));
  });

  it("lets exactly one of two concurrent imports of one id win", async () => {
    const [one, two] = await twoReplicas();
    for (let round = 0; round < 4; round++) {
      const id = `contested-${round}`;
      const answers = await Promise.all([
        importInto(one, tgzOf("a", skillFiles(id, { "from.md": "one" }))),
        importInto(two, tgzOf("b", skillFiles(id, { "from.md": "two" }))),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(((await loser.json()) as { refusal: { code: string } }).refusal.code).toBe(
        "already-defined",
      );
    }
  });

  it("removes through one what the other then no longer offers", async () => {
    const [one, two] = await twoReplicas();
    expect((await importInto(two, tgzOf("bundle", skillFiles("short-lived")))).status).toBe(201);
    const removed = await fetch(`${one.base}/api/skills/short-lived`, {
      method: "DELETE",
      headers: one.auth,
    });
    expect(removed.status).toBe(200);
    expect(await idsOf(two)).toEqual(["house-style"]);
  });

  it("streams to one replica's console the changes made through the other", async () => {
    const [one, two] = await twoReplicas();
    const stop = new AbortController();
    onTestFinished(() => stop.abort());
    const stream = await fetch(`${two.base}/api/events`, {
      headers: two.auth,
      signal: stop.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let heard = "";
    const hear = async (pattern: RegExp) => {
      while (!pattern.test(heard)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${pattern}: ${heard}`);
        heard += new TextDecoder().decode(value);
      }
    };
    await hear(/event: ready/);
    expect((await importInto(one, tgzOf("bundle", skillFiles("live-skill")))).status).toBe(201);
    await hear(/event: change\ndata: \{"kind":"installed","ids":\["live-skill"\]\}/);
    await fetch(`${one.base}/api/skills/live-skill`, { method: "DELETE", headers: one.auth });
    await hear(/event: change\ndata: \{"kind":"removed","ids":\["live-skill"\]\}/);
  });

  it("leaves no torn skill when a replica is killed with SIGKILL during an import", async () => {
    const [one, two, store] = await twoReplicas();
    const files: Record<string, string> = {};
    for (let s = 0; s < 3; s++) {
      Object.assign(
        files,
        skillFiles(
          `heavy-${s}`,
          Object.fromEntries(
            Array.from({ length: 400 }, (_, f) => [`refs/${f}.md`, `file ${f}\n`.repeat(50)]),
          ),
        ),
      );
    }
    const body = tgzOf("bundle", files);
    for (let attempt = 0; attempt < 3; attempt++) {
      const victim = attempt === 0 ? one : await startReplica(store, workspace);
      const sent = importInto(victim, body, "?replace=1").catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 300));
      await victim.stop(true);
      await sent;
      const ids = (await idsOf(two)).filter((id) => id.startsWith("heavy-"));
      // The bundle is one transaction: all three skills or none.
      expect([0, 3]).toContain(ids.length);
      for (const id of ids) {
        const answer = await fetch(`${two.base}/api/skills/${id}`, { headers: two.auth });
        const skill = (await answer.json()) as { files: unknown[] };
        expect(skill.files).toHaveLength(401);
      }
    }
  });

  it("survives the database restarting during an import: that import is whole or refused, with nothing stored", async () => {
    const [one] = await twoReplicas();
    const extra = Object.fromEntries(
      Array.from({ length: 800 }, (_, f) => [`refs/${f}.md`, `file ${f}\n`.repeat(50)]),
    );
    const sent = importInto(one, tgzOf("bundle", skillFiles("mid-restart", extra)));
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
    cluster.halt();
    try {
      // Whole (201); its connection lost mid-write (500 store-failed); or the
      // database gone before it wrote (503 store-unavailable).
      const answer = await sent;
      expect([201, 500, 503]).toContain(answer.status);
      if (answer.status !== 201) {
        expect(((await answer.json()) as { refusal: { code: string } }).refusal.code).toBe(
          answer.status === 500 ? "store-failed" : "store-unavailable",
        );
      }
      // While it is down, an import cannot reach it: the database is what to look at.
      const failed = await importInto(one, tgzOf("bundle", skillFiles("while-down")));
      expect(failed.status).toBe(503);
      expect(((await failed.json()) as { refusal: { code: string } }).refusal.code).toBe(
        "store-unavailable",
      );
      expect((await fetch(`${one.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${one.base}/readyz`)).status).toBe(503);
    } finally {
      cluster.start();
    }
    await eventually(async () => (await fetch(`${one.base}/readyz`)).status === 200, "ready again");
    const stored = await fetch(`${one.base}/api/skills/mid-restart`, { headers: one.auth });
    if (stored.status === 200) {
      expect(((await stored.json()) as { files: unknown[] }).files).toHaveLength(801);
    } else {
      expect(stored.status).toBe(404);
    }
    expect((await importInto(one, tgzOf("bundle", skillFiles("after-restart")))).status).toBe(201);
    expect(await idsOf(one)).toContain("after-restart");
  });
});

describe("a replica whose database is unreachable at start (needs PostgreSQL)", () => {
  it("stops with one line naming the store without its password, exit 3", async () => {
    const unreachable = cluster.url.replace(`:${cluster.port}/`, ":1/");
    const run = await runServerBin(["--port", "0", "--workspace", workspace], {
      SKILLSHELF_STORE: unreachable,
      SKILLSHELF_TOKEN: "replica-token-0123456789abcdef",
    });
    expect(run.code).toBe(3);
    expect(run.output.trim().split("\n")).toHaveLength(1);
    expect(run.output).toMatch(/postgres:\/\/skillshelf_app@127\.0\.0\.1:1\/skillshelf/);
    expect(run.output).not.toContain(cluster.password);
  });
});
