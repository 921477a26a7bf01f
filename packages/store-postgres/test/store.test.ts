// @module-tag heavy
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { message } from "@skillshelf/contract";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { openPostgresStore, type PostgresStore } from "../src/index.js";
import { admitNew, skillOf, staged } from "./support/skills.js";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

/** A store on a fresh database, closed at the end of the test. */
async function freshStore(url = cluster.createDatabase()): Promise<PostgresStore> {
  const opened = await openPostgresStore(url);
  if (!opened.ok) throw new Error(opened.refusal.detail);
  onTestFinished(() => opened.store.close());
  return opened.store;
}

describe("the PostgreSQL store (needs PostgreSQL)", () => {
  it("stores a bundle's skills with their records and hands back exactly their bytes", async () => {
    const store = await freshStore();
    const alpha = await skillOf("alpha", { "scripts/run.sh": "#!/bin/sh\necho hi\n" });
    const beta = await skillOf("beta");
    const result = await store.install([staged(alpha), staged(beta)], admitNew(["alpha", "beta"]));
    expect(result).toEqual({ ok: true });

    const entries = (await store.list()).sort((a, b) => a.name.localeCompare(b.name));
    expect(entries.map((entry) => entry.name)).toEqual(["alpha", "beta"]);
    const skillMd = alpha.files.find((file) => file.path === "SKILL.md")!;
    const inspected = await store.inspect("alpha");
    expect(inspected?.read.kind).toBe("bytes");
    if (inspected?.read.kind === "bytes") {
      expect(Buffer.from(inspected.read.bytes).toString("utf8")).toBe(skillMd.text);
    }
    expect(inspected?.path).toBe(`${store.location}/alpha/SKILL.md`);
    expect(await store.inspect("gamma")).toBeUndefined();

    const files = await store.files("alpha");
    expect(files.ok && files.files.map((file) => file.path)).toEqual([
      "SKILL.md",
      "scripts/run.sh",
    ]);
    const script = await store.readFile("alpha", "scripts/run.sh");
    expect(script.kind === "bytes" && Buffer.from(script.bytes).toString()).toBe(
      "#!/bin/sh\necho hi\n",
    );
    expect(await store.readFile("alpha", "nope.md")).toEqual({ kind: "missing" });
    expect(await store.files("gamma")).toEqual({ ok: false, absent: true });
    const read = await store.record("alpha");
    expect(read.kind === "record" && read.record.tree.files.map((file) => file.path)).toEqual([
      "SKILL.md",
      "scripts/run.sh",
    ]);
    expect((await store.records()).map((record) => record.id).sort()).toEqual(["alpha", "beta"]);
  });

  it("stores a large file (inserted alone, as a binary parameter) beside small ones, byte for byte", async () => {
    const store = await freshStore();
    // Multi-byte characters across the whole file, so an encoding slip anywhere shows.
    const large = "é漢🙂\n".repeat(40_000);
    const alpha = await skillOf("alpha", { "large.md": large, "small.md": "small\n" });
    expect(await store.install([staged(alpha)], admitNew(["alpha"]))).toEqual({ ok: true });
    const read = await store.readFile("alpha", "large.md");
    expect(read.kind === "bytes" && Buffer.from(read.bytes).equals(Buffer.from(large))).toBe(true);
    const files = await store.files("alpha");
    expect(files.ok && files.files.map((file) => [file.path, file.bytes.length])).toEqual([
      ["SKILL.md", expect.any(Number)],
      ["large.md", Buffer.byteLength(large)],
      ["small.md", 6],
    ]);
  });

  it("writes nothing when admit refuses, and nothing of a bundle when one skill cannot be stored", async () => {
    const store = await freshStore();
    await store.install([staged(await skillOf("alpha"))], admitNew(["alpha"]));
    const again = await store.install(
      [staged(await skillOf("beta")), staged(await skillOf("alpha"))],
      admitNew(["beta", "alpha"]),
    );
    expect(again).toMatchObject({
      ok: false,
      refusal: { code: "already-defined", skill: "alpha" },
    });
    expect((await store.list()).map((entry) => entry.name)).toEqual(["alpha"]);

    // A skill whose record names a file twice breaks the files' primary key mid-transaction.
    const broken = staged(await skillOf("gamma", { "a.md": "a" }));
    broken.skill.files.push({ ...broken.skill.files[0]! });
    const torn = await store.install(
      [staged(await skillOf("delta")), broken],
      admitNew(["delta", "gamma"]),
    );
    expect(torn).toMatchObject({ ok: false, refusal: { code: "store-failed" } });
    expect((await store.list()).map((entry) => entry.name)).toEqual(["alpha"]);
  });

  it("replaces a skill whole: the old files are gone with it", async () => {
    const store = await freshStore();
    await store.install([staged(await skillOf("alpha", { "old.md": "old" }))], admitNew(["alpha"]));
    const replaced = await store.install(
      [staged(await skillOf("alpha", { "new.md": "new" }, "second"))],
      admitNew(["alpha"], true),
    );
    expect(replaced).toEqual({ ok: true });
    const files = await store.files("alpha");
    expect(files.ok && files.files.map((file) => file.path)).toEqual(["SKILL.md", "new.md"]);
  });

  it("of two stores importing one id at once, exactly one wins and the other is already-defined", async () => {
    const url = cluster.createDatabase();
    const [one, two] = [await freshStore(url), await freshStore(url)];
    for (let round = 0; round < 5; round++) {
      const id = `race-${round}`;
      const results = await Promise.all([
        one.install([staged(await skillOf(id, {}, "one"))], admitNew([id])),
        two.install([staged(await skillOf(id, {}, "two"))], admitNew([id])),
      ]);
      const wins = results.filter((result) => result.ok);
      expect(wins).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({
        ok: false,
        refusal: { code: "already-defined", skill: id },
      });
    }
  });

  it("removes a skill and its record in one step; a second removal is unknown-skill", async () => {
    const store = await freshStore();
    await store.install([staged(await skillOf("alpha", { "x.md": "x" }))], admitNew(["alpha"]));
    expect(await store.remove("alpha")).toEqual({ ok: true });
    expect(await store.list()).toEqual([]);
    expect(await store.record("alpha")).toEqual({ kind: "missing" });
    expect(await store.remove("alpha")).toEqual({
      ok: false,
      refusal: { code: "unknown-skill", skill: "alpha" },
    });
  });

  it("refuses a SKILL.md whose stored bytes no longer match the digest stored with them", async () => {
    const url = cluster.createDatabase();
    const store = await freshStore(url);
    await store.install([staged(await skillOf("alpha"))], admitNew(["alpha"]));
    const database = new URL(url).pathname.slice(1);
    cluster.admin(
      `UPDATE skillshelf.files SET bytes = convert_to('# alpha', 'UTF8') WHERE path = 'SKILL.md'`,
      database,
    );
    const entry = await store.inspect("alpha");
    expect(entry?.read).toMatchObject({ kind: "unreadable" });
  });

  it("answers store-failed, and stores nothing, when the connection is lost inside the transaction", async () => {
    const store = await freshStore();
    const result = await store.install([staged(await skillOf("alpha"))], async () => {
      cluster.admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'skillshelf' AND state LIKE 'idle in transaction%'",
      );
      return undefined;
    });
    expect(result).toMatchObject({ ok: false, refusal: { code: "store-failed", skill: "alpha" } });
    // The pool reconnects by itself on the next call.
    expect(await store.list()).toEqual([]);
  });
});

describe("opening the store (needs PostgreSQL)", () => {
  it("migrates once when two processes open a new database at the same instant", async () => {
    const url = cluster.createDatabase();
    const opened = await Promise.all([
      openPostgresStore(url),
      openPostgresStore(url),
      openPostgresStore(url),
    ]);
    for (const each of opened) {
      expect(each.ok).toBe(true);
      if (each.ok) await each.store.close();
    }
    const database = new URL(url).pathname.slice(1);
    expect(cluster.admin(`SELECT count(*) FROM skillshelf.schema_version`, database)).toBe("1");
  });

  it("refuses a schema newer than it understands", async () => {
    const url = cluster.createDatabase();
    (await freshStore(url)).close();
    const database = new URL(url).pathname.slice(1);
    cluster.admin(`INSERT INTO skillshelf.schema_version (version) VALUES (99)`, database);
    const opened = await openPostgresStore(url);
    expect(opened).toMatchObject({ ok: false, refusal: { code: "store-failed" } });
    if (!opened.ok) expect(opened.refusal.detail).toMatch(/version 99, newer than this skillshelf/);
  });

  it("says the store is unreachable in one sentence that never carries the password", async () => {
    const url = cluster.url.replace(`:${cluster.port}/`, ":1/");
    const opened = await openPostgresStore(url, { connectTimeoutMs: 2_000 });
    expect(opened.ok).toBe(false);
    if (!opened.ok) {
      expect(opened.refusal).toMatchObject({
        code: "store-unavailable",
        path: "postgres://skillshelf_app@127.0.0.1:1/skillshelf",
      });
      expect(JSON.stringify(opened.refusal)).not.toContain(cluster.password);
      expect(message(opened.refusal)).not.toContain(cluster.password);
      expect(message(opened.refusal)).not.toContain("\n");
    }
  });

  it("reads the password from SKILLSHELF_STORE_PASSWORD_FILE when the URL has none", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillshelf-secret-"));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, "password"), `${cluster.password}\n`, { mode: 0o600 });
    const bare = cluster.url.replace(`:${cluster.password}@`, "@");
    const opened = await openPostgresStore(bare, {
      env: { SKILLSHELF_STORE_PASSWORD_FILE: join(dir, "password") },
    });
    expect(opened.ok).toBe(true);
    if (opened.ok) {
      expect(opened.store.location).toBe(bare);
      await opened.store.close();
    }
    const wrong = await openPostgresStore(bare, { env: { PGPASSWORD: "wrong-password" } });
    expect(wrong.ok).toBe(false);
  });
});

describe("the change feed (needs PostgreSQL)", () => {
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };

  it("tells subscribers of every install and removal, on this store once and on another through NOTIFY", async () => {
    const url = cluster.createDatabase();
    const [writer, reader] = [await freshStore(url), await freshStore(url)];
    const heardByWriter: unknown[] = [];
    const heardByReader: unknown[] = [];
    writer.subscribe((change) => heardByWriter.push(change));
    reader.subscribe((change) => heardByReader.push(change));
    await Promise.all([writer.listening(), reader.listening()]);

    await writer.install([staged(await skillOf("alpha"))], admitNew(["alpha"]));
    await writer.remove("alpha");
    const expected = [
      { kind: "installed", ids: ["alpha"] },
      { kind: "removed", ids: ["alpha"] },
    ];
    await waitFor(() => heardByReader.length >= 2);
    expect(heardByReader).toEqual(expected);
    await new Promise((r) => setTimeout(r, 200));
    expect(heardByWriter).toEqual(expected);
  });

  it("sends a bundle of many ids in notifications under PostgreSQL's payload cap", async () => {
    const url = cluster.createDatabase();
    const [writer, reader] = [await freshStore(url), await freshStore(url)];
    const heard: string[] = [];
    reader.subscribe((change) => heard.push(...change.ids));
    await reader.listening();
    const ids = Array.from({ length: 250 }, (_, i) => `skill-with-a-rather-long-name-number-${i}`);
    const skills = await Promise.all(ids.map((id) => skillOf(id)));
    expect(await writer.install(skills.map(staged), admitNew(ids))).toEqual({ ok: true });
    await waitFor(() => heard.length === ids.length);
    expect(heard).toEqual(ids);
  });

  it("says 'read again' after its listening connection comes back", async () => {
    const store = await freshStore();
    const heard: unknown[] = [];
    store.subscribe((change) => heard.push(change));
    await store.listening();
    cluster.admin(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'skillshelf' AND query ILIKE 'listen%'",
    );
    await waitFor(() => heard.length > 0);
    expect(heard[0]).toEqual({ kind: "installed", ids: [] });
  });
});
