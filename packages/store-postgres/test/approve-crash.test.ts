// @module-tag heavy
// kill -9 of `approve` at random instants, on the PostgreSQL store: after
// every kill the skill's record is wholly the old one (the skill still
// drifted) or wholly the new one (approved, the files unchanged against it),
// and the files are always the hand-edited ones: approving never changes a
// byte. The same test runs on the directory store in skill-catalog. The
// child runs the built packages; a hand edit is SQL on the rows, as a person
// with a database client would make it.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { install, usableRecord, verify } from "@skillshelf/skill-catalog";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { openPostgresStore, type PostgresStore } from "../src/index.js";
import { skillOf } from "./support/skills.js";

const FILES = 300;
const ROUNDS = 8;
const storeDist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const catalogDist = fileURLToPath(new URL("../../skill-catalog/dist/index.js", import.meta.url));

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

/** Runs approve(id) over the store at `url` in a child; settles with its exit code. */
function startApprove(url: string, builtin: string, id: string) {
  const code = `const { approve } = await import(${JSON.stringify(catalogDist)});
const { openPostgresStore } = await import(${JSON.stringify(storeDist)});
const opened = await openPostgresStore(${JSON.stringify(url)});
if (!opened.ok) throw new Error(opened.refusal.detail);
const roots = { builtin: ${JSON.stringify(builtin)}, managed: opened.store };
const result = await approve(roots, ${JSON.stringify(id)}, { by: "child", tool: "crash test" });
await opened.store.close();
process.stdout.write(JSON.stringify(result.ok));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const done = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  return { child, done };
}

async function openStore(url: string): Promise<PostgresStore> {
  const opened = await openPostgresStore(url);
  if (!opened.ok) throw new Error(opened.refusal.detail);
  return opened.store;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("approve under kill -9 (needs PostgreSQL)", () => {
  it(`leaves the old record or the new one across ${ROUNDS} kills, and the files as edited`, async () => {
    const url = cluster.createDatabase();
    const builtin = await mkdtemp(join(tmpdir(), "skillshelf-pg-approve-"));
    const hand = new pg.Client({ connectionString: url });
    await hand.connect();
    const store = await openStore(url);
    onTestFinished(async () => {
      await hand.end();
      await store.close();
      await rm(builtin, { recursive: true, force: true });
    });
    const extra = Object.fromEntries(
      Array.from({ length: FILES }, (_, i) => [`refs/${i}.md`, `file ${i}\n${"x".repeat(200)}\n`]),
    );
    const roots = { builtin, managed: store };
    expect(await install(roots, [await skillOf("alpha", extra)])).toMatchObject({ ok: true });

    const started = performance.now();
    const probe = startApprove(url, builtin, "alpha");
    expect(await probe.done).toBe(0);
    const duration = performance.now() - started;
    const outcomes = { old: 0, new: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const edited = Buffer.from(`# alpha\n\nedited by hand, round ${round}\n`);
      await hand.query(
        "UPDATE skillshelf.files SET bytes = $2, sha256 = $3 WHERE skill_id = $1 AND path = 'SKILL.md'",
        ["alpha", edited, sha256(edited)],
      );
      const before = usableRecord(await store.record("alpha"));
      const { child, done } = startApprove(url, builtin, "alpha");
      await new Promise((resolve) => setTimeout(resolve, Math.random() * duration));
      child.kill("SIGKILL");
      await done;

      const fresh = await openStore(url);
      try {
        const skillMd = await fresh.readFile("alpha", "SKILL.md");
        expect(skillMd.kind === "bytes" && Buffer.from(skillMd.bytes).equals(edited)).toBe(true);
        const files = await fresh.files("alpha");
        expect(files.ok && files.files.length).toBe(FILES + 1);
        const verified = await verify({ builtin, managed: fresh }, ["alpha"]);
        const record = usableRecord(await fresh.record("alpha"));
        if (record?.tree.digest === before?.tree.digest) {
          outcomes.old++;
          expect(verified).toMatchObject({ skills: [{ status: "changed" }] });
        } else {
          outcomes.new++;
          expect(record?.approved?.by).toBe("child");
          expect(verified).toMatchObject({ skills: [{ status: "unchanged" }] });
        }
      } finally {
        await fresh.close();
      }
    }
    expect(outcomes.old + outcomes.new).toBe(ROUNDS);
  });
});
