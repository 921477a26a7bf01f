// @module-tag heavy
// Writes against a database that stops answering. Every statement of a
// write waits for its answer at most writeTimeoutMs and then fails
// `store-unavailable` with nothing stored, instead of hanging an import for
// ever. Taking the store's lock is the one wait that may rightly be long
// (another writer holds it): it lasts as long as the lock is held while the
// database keeps answering, and fails the same way once it stops. "Frozen"
// is every process of the cluster stopped with SIGSTOP.
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { openPostgresStore, type PostgresStore } from "../src/index.js";
import { admitNew, skillOf, staged } from "./support/skills.js";

const LIMIT_MS = 400;
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

async function openStore(url: string): Promise<PostgresStore> {
  const opened = await openPostgresStore(url, {
    readTimeoutMs: LIMIT_MS,
    writeTimeoutMs: LIMIT_MS,
    connectTimeoutMs: LIMIT_MS,
  });
  if (!opened.ok) throw new Error(opened.refusal.detail);
  onTestFinished(() => opened.store.close());
  return opened.store;
}

/** An install of `id` on `store` that holds the store's lock until `release()`. */
async function holdLock(store: PostgresStore, id: string) {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let admitted = (): void => {};
  const holding = new Promise<void>((resolve) => {
    admitted = resolve;
  });
  const done = store.install([staged(await skillOf(id))], async (view) => {
    admitted();
    await released;
    return admitNew([id])(view);
  });
  await holding;
  return { release, done };
}

const stored = async (store: PostgresStore) =>
  (await store.list()).map((entry) => entry.name).sort();

describe("writes on a database that stops answering (needs PostgreSQL)", () => {
  it("an install fails store-unavailable within its limit, and stores nothing", async () => {
    const url = cluster.createDatabase();
    const store = await openStore(url);
    expect(await store.install([staged(await skillOf("alpha"))], admitNew(["alpha"]))).toEqual({
      ok: true,
    });
    const thaw = cluster.freeze();
    let result: Awaited<ReturnType<PostgresStore["install"]>>;
    try {
      result = await store.install([staged(await skillOf("beta"))], admitNew(["beta"]));
    } finally {
      thaw();
    }
    expect(result).toMatchObject({
      ok: false,
      refusal: { code: "store-unavailable", path: store.location },
    });
    expect(await stored(store)).toEqual(["alpha"]);
  });

  it("waiting for the lock lasts as long as another writer holds it, past the limit", async () => {
    const url = cluster.createDatabase();
    const first = await openStore(url);
    const second = await openStore(url);
    const holder = await holdLock(first, "alpha");
    const waiting = second.install([staged(await skillOf("beta"))], admitNew(["beta"]));
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    // Four times the limit: the store asks the database that often, and keeps waiting.
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 4));
    expect(settled).toBe(false);
    holder.release();
    expect(await holder.done).toEqual({ ok: true });
    expect(await waiting).toEqual({ ok: true });
    expect(await stored(second)).toEqual(["alpha", "beta"]);
  });

  it("waiting for the lock fails store-unavailable once the database stops answering", async () => {
    const url = cluster.createDatabase();
    const first = await openStore(url);
    const second = await openStore(url);
    const holder = await holdLock(first, "alpha");
    const waiting = second.install([staged(await skillOf("beta"))], admitNew(["beta"]));
    const thaw = cluster.freeze();
    let result: Awaited<typeof waiting>;
    try {
      result = await waiting;
    } finally {
      thaw();
    }
    expect(result).toMatchObject({ ok: false, refusal: { code: "store-unavailable" } });
    holder.release();
    await holder.done;
    expect(await stored(second)).not.toContain("beta");
  });
});
