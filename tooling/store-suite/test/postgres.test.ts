// @module-tag heavy
// The store suite (the catalog, the destination, records, verify
// and update through the public calls) over the PostgreSQL store, each test
// on a fresh database. Changes behind the tool's back are SQL on the rows,
// as a person with a database client would make them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgresStore } from "@skillshelf/store-postgres";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import pg from "pg";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import { describeStoreSuite } from "../src/store-suite.js";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

describeStoreSuite("postgres", async () => {
  const url = cluster.createDatabase();
  const opened = await openPostgresStore(url);
  if (!opened.ok) throw new Error(opened.refusal.detail);
  const store = opened.store;
  const hand = new pg.Client({ connectionString: url });
  await hand.connect();
  const builtin = await mkdtemp(join(tmpdir(), "skillshelf-pg-builtin-"));
  onTestFinished(async () => {
    await hand.end();
    await store.close();
    await rm(builtin, { recursive: true, force: true });
  });
  const sha256 = "SELECT encode(sha256($1::bytea), 'hex')";
  return {
    store,
    builtin,
    async tamper(id, change) {
      if (change.kind === "remove") {
        await hand.query("DELETE FROM skillshelf.files WHERE skill_id = $1 AND path = $2", [
          id,
          change.path,
        ]);
      } else if (change.kind === "chmod") {
        await hand.query(
          "UPDATE skillshelf.files SET executable = $3 WHERE skill_id = $1 AND path = $2",
          [id, change.path, change.executable],
        );
      } else {
        // A hand edit that also keeps the stored digest in step, as a careful editor would.
        const [digest] = (await hand.query(sha256, [Buffer.from(change.bytes)])).rows.map(
          (row) => row.encode,
        );
        await hand.query(
          `INSERT INTO skillshelf.files (skill_id, path, executable, sha256, bytes) VALUES ($1, $2, false, $3, $4)
           ON CONFLICT (skill_id, path) DO UPDATE SET bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256`,
          [id, change.path, digest, Buffer.from(change.bytes)],
        );
      }
    },
    async plant(id, files) {
      await hand.query("INSERT INTO skillshelf.skills (id) VALUES ($1)", [id]);
      for (const [path, text] of Object.entries(files)) {
        const bytes = Buffer.from(text, "utf8");
        const [digest] = (await hand.query(sha256, [bytes])).rows.map((row) => row.encode);
        await hand.query(
          "INSERT INTO skillshelf.files (skill_id, path, executable, sha256, bytes) VALUES ($1, $2, false, $3, $4)",
          [id, path, digest, bytes],
        );
      }
    },
  };
});
