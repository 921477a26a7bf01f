// @module-tag heavy
// kill -9 of a writer at random instants of its installs: every skill the
// store holds afterwards is whole, each file exactly the one its record names,
// and no record lacks its skill. Runs the built package in a child process.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

/** Starts the writer and resolves once it has finished `rounds` installs. */
function startWriter(url: string, rounds: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(here, "support", "install-forever.mjs"), url], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let seen = 0;
    let errors = "";
    child.stderr!.on("data", (chunk) => {
      errors += chunk;
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      seen += chunk.toString().split("\n").filter(Boolean).length;
      if (seen >= rounds) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`writer exited ${code}: ${errors}`)));
  });
}

describe("kill -9 during installs (needs PostgreSQL)", () => {
  it("never leaves a torn skill or a record without its files", async () => {
    const url = cluster.createDatabase();
    for (let attempt = 0; attempt < 6; attempt++) {
      const child = await startWriter(url, 1);
      // A random instant inside a later install: each takes tens of milliseconds here.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 150));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;

      const opened = await openPostgresStore(url);
      if (!opened.ok) throw new Error(opened.refusal.detail);
      const store = opened.store;
      try {
        const entries = await store.list();
        expect(entries.map((entry) => entry.name).sort()).toEqual([
          "torn-0",
          "torn-1",
          "torn-2",
          "torn-3",
        ]);
        const rounds = new Set<string>();
        for (const entry of entries) {
          const read = await store.record(entry.name);
          const files = await store.files(entry.name);
          if (!files.ok || read.kind !== "record")
            throw new Error(`${entry.name} has no files or record`);
          const { record } = read;
          expect(files.files.map((file) => file.path)).toEqual(
            record.tree.files.map((file) => file.path),
          );
          for (const [index, file] of files.files.entries()) {
            const sha = createHash("sha256").update(file.bytes).digest("hex");
            expect(sha).toBe(record.tree.files[index]!.sha256);
          }
          expect(entry.read.kind).toBe("bytes");
          rounds.add(record.tool);
        }
        // One bundle is one transaction: all four skills come from the same round.
        expect(rounds.size).toBe(1);
      } finally {
        await store.close();
      }
    }
  });
});
