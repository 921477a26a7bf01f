import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJson, runBin, SAMPLE_BUNDLE, watchPayload } from "./support/run.js";
import { makeRoots, makeTempDir } from "./support/trees.js";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

describe("skillshelf on a PostgreSQL store (needs PostgreSQL)", () => {
  it("imports, lists and removes through the store, never touching the data directory", async () => {
    const { args, data } = makeRoots();
    const store = cluster.createDatabase();
    const imported = await runBin(["import", SAMPLE_BUNDLE, "--store", store, ...args]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(existsSync(join(data, "skills"))).toBe(false);
    // Another host: the store from the environment, its own empty data directory.
    const other = makeRoots();
    const listed = await runBin(["list", "--json", ...other.args], {
      env: { SKILLSHELF_STORE: store },
    });
    expect(listed.code, listed.stderr).toBe(0);
    const report = parseJson(listed) as unknown as {
      roots: { managed: string };
      index: { id: string; origin: string }[];
    };
    expect(report.roots.managed).toBe(store.replace(`:${cluster.password}@`, "@"));
    const ids = report.index.filter((skill) => skill.origin === "managed").map((skill) => skill.id);
    expect(ids).toEqual(["pdf-tools", "release-notes"]);
    const removed = await runBin(["remove", "pdf-tools", ...other.args], {
      env: { SKILLSHELF_STORE: store },
    });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(store.replace(`:${cluster.password}@`, "@"));
    expect(removed.stdout).not.toContain(cluster.password);
  });

  it("keeps a worker host's payload current with payload --watch as imports land elsewhere", async () => {
    const store = cluster.createDatabase();
    const worker = makeRoots();
    const out = makeTempDir();
    // A long interval: only the store's change feed can explain a prompt rewrite.
    const watch = watchPayload(out, worker.args, {
      SKILLSHELF_STORE: store,
      SKILLSHELF_WATCH_INTERVAL_MS: "600000",
    });
    const { lines, until } = watch;
    await until(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: true, skills: 0 });
    // The watcher's LISTEN may register a moment after its first write.
    await new Promise((r) => setTimeout(r, 500));
    const elsewhere = makeRoots();
    const imported = await runBin(["import", SAMPLE_BUNDLE, "--store", store, ...elsewhere.args]);
    expect(imported.code, imported.stderr).toBe(0);
    await until(2);
    const second = JSON.parse(lines[1]!);
    expect(second).toMatchObject({ ok: true, skills: 2 });
    expect(JSON.parse(readFileSync(join(out, "skills.json"), "utf8")).revision).toBe(
      second.revision,
    );
    expect(await watch.stop()).toBe(0);
  });

  it("says in one line, exit 3, that an unreachable store cannot be opened, without its password", async () => {
    const { args } = makeRoots();
    const store = cluster.url.replace(`:${cluster.port}/`, ":1/");
    const run = await runBin(["list", "--store", store, ...args]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("postgres://skillshelf_app@127.0.0.1:1/skillshelf");
    expect(run.stderr).not.toContain(cluster.password);
  });
});
