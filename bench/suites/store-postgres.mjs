// The PostgreSQL store beside the directory store, through the catalog's own
// calls: install of the 5,000-file bundle, catalog() over 10,000 managed
// skills, load(id) among 10,000 against among 10, and imports per second
// with two skillshelf-server replicas on one database under 4 clients each.
// The cluster is a throwaway one (tooling/test-postgres) with fsync on, on
// the same disk as the directory store, so the two pay for durability alike.

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { groupIntoSkills } from "../gen/bundles.mjs";
import { describeSkillFile, ensureSkillRoot, formatSkillId } from "../gen/catalog-tree.mjs";
import { describeFolderBundle } from "../gen/inputs.mjs";
import { createTextWriter } from "../gen/text.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { compareContenders, computeMedian, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, createReportRow, formatMs } from "../lib/report.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";
import { runReplicaLoad } from "./store-postgres-load.mjs";

async function loadAll() {
  const modules = {};
  for (const [name, exports] of [
    ["skill-catalog", ["catalog", "load", "install", "treeOf", "DirectoryStore"]],
    ["store-postgres", ["openPostgresStore"]],
    ["test-postgres", ["startCluster"]],
  ]) {
    const loaded = await loadPackage(name, exports);
    if (!loaded.ok) throw new Error(loaded.reason);
    modules[name] = loaded.module;
  }
  return modules;
}

/** A cluster for one benchmark, fsync on; stopped by the caller. */
async function withCluster(modules, body) {
  const cluster = await modules["test-postgres"].startCluster({ durable: true });
  try {
    return await body(cluster);
  } finally {
    cluster.stop();
  }
}

async function openStore(modules, url) {
  const opened = await modules["store-postgres"].openPostgresStore(url);
  if (!opened.ok) throw new Error(opened.refusal.detail);
  return opened.store;
}

/** Skill objects for `count` skills whose SKILL.md is `bytes` long, as catalog-tree writes them. */
function describeSkills(count, bytes) {
  const writeText = createTextWriter(count + bytes);
  const skills = [];
  for (let index = 0; index < count; index += 1) {
    const text = describeSkillFile(index, bytes, writeText);
    skills.push({
      name: formatSkillId(index),
      files: [{ path: "SKILL.md", text, bytes: Buffer.from(text), executable: false }],
    });
  }
  return skills;
}

/**
 * A store on a fresh database holding `count` skills, written 1,000 at a time
 * through the store's own install with records from skill-catalog's treeOf.
 * The catalog's install would refuse the lot (10,000 bodies of 1 KiB are over
 * the payload bound), as it would refuse to write the directory fixture that
 * catalog-tree.mjs writes straight to disk.
 */
async function fillStore(modules, cluster, count) {
  const { treeOf } = modules["skill-catalog"];
  const store = await openStore(modules, cluster.createDatabase());
  const staged = describeSkills(count, 1024).map((skill) => ({
    skill,
    record: {
      id: skill.name,
      source: { kind: "path", name: "bench" },
      installedAt: new Date().toISOString(),
      tool: "bench",
      tree: treeOf(skill.files),
    },
  }));
  for (let start = 0; start < staged.length; start += 1_000) {
    const result = await store.install(staged.slice(start, start + 1_000), async () => undefined);
    if (!result.ok) throw new Error(`filling the store refused: ${result.refusal.code}`);
  }
  const empty = await createScratch("pg-builtin");
  return { store, builtin: empty };
}

async function measureInstall() {
  const modules = await loadAll();
  const { install, DirectoryStore } = modules["skill-catalog"];
  const skills = groupIntoSkills(describeFolderBundle()).map((skill) => ({
    ...skill,
    files: skill.files.map((file) => ({ ...file, bytes: Buffer.from(file.text) })),
  }));
  const files = skills.reduce((sum, skill) => sum + skill.files.length, 0);
  return withCluster(modules, async (cluster) => {
    let scratch;
    let store;
    const figures = await compareContenders(
      [
        {
          name: "postgres",
          before: async () => {
            scratch = await createScratch("pg-install");
            store = await openStore(modules, cluster.createDatabase());
          },
          run: () => install({ builtin: join(scratch, "skills"), managed: store }, skills),
          check: (result) => expectSkills(result, skills.length, "postgres install"),
          after: async () => {
            await store.close();
            await removeScratch(scratch);
          },
        },
        {
          name: "directory",
          before: async () => {
            scratch = await createScratch("dir-install");
          },
          run: () =>
            install(
              {
                builtin: join(scratch, "workspace", "skills"),
                managed: new DirectoryStore(join(scratch, "data", "skills")),
              },
              skills,
            ),
          check: (result) => expectSkills(result, skills.length, "directory install"),
          after: () => removeScratch(scratch),
        },
      ],
      { warmup: 1, rounds: scaleRounds(3) },
    );
    return [
      createRatioRow({
        bench: "store-postgres/install",
        measure: `install of ${files.toLocaleString("en-US")} files in ${skills.length} skills: PostgreSQL store / directory store`,
        subject: formatMs(figures.postgres.median),
        baseline: formatMs(figures.directory.median),
        ratio: figures.postgres.median / figures.directory.median,
        note: "one transaction (fsync on) against staged files, fsync and rename",
        figures,
      }),
    ];
  });
}

async function measureCatalogAndLoad() {
  const modules = await loadAll();
  const { catalog, load, DirectoryStore } = modules["skill-catalog"];
  return withCluster(modules, async (cluster) => {
    const large = await fillStore(modules, cluster, 10_000);
    const small = await fillStore(modules, cluster, 10);
    const directory = {
      builtin: await createScratch("dir-builtin"),
      managed: new DirectoryStore(await ensureSkillRoot(10_000, 1024)),
    };
    await mkdir(directory.builtin, { recursive: true });
    const pgLarge = { builtin: large.builtin, managed: large.store };
    const pgSmall = { builtin: small.builtin, managed: small.store };
    const scan = await compareContenders(
      [
        {
          name: "postgres",
          run: () => catalog(pgLarge),
          check: (result) => expectEqual(result.skills.length, 10_000, "postgres catalog"),
        },
        {
          name: "directory",
          run: () => catalog(directory),
          check: (result) => expectEqual(result.skills.length, 10_000, "directory catalog"),
        },
      ],
      { warmup: 1, rounds: scaleRounds(5) },
    );
    const calls = 500;
    const loadMany = async (roots) => {
      for (let i = 0; i < calls; i += 1) {
        const result = await load(roots, formatSkillId(i % 10));
        if (!result.ok) throw new Error(`load refused: ${result.refusal.code}`);
      }
      return calls;
    };
    const loads = await compareContenders(
      [
        { name: "postgres @10,000", run: () => loadMany(pgLarge) },
        { name: "postgres @10", run: () => loadMany(pgSmall) },
        { name: "directory @10,000", run: () => loadMany(directory) },
      ],
      { warmup: 1, rounds: scaleRounds(7) },
    );
    const per = (name) => loads[name].median / calls;
    await large.store.close();
    await small.store.close();
    return [
      createRatioRow({
        bench: "store-postgres/catalog",
        measure: "catalog() over 10,000 managed skills: PostgreSQL store / directory store",
        subject: formatMs(scan.postgres.median),
        baseline: formatMs(scan.directory.median),
        ratio: scan.postgres.median / scan.directory.median,
        note: "one query for every SKILL.md with its digest check, against a readdir and a read per skill",
        figures: scan,
      }),
      createRatioRow({
        bench: "store-postgres/load",
        measure: "load(id) in the PostgreSQL store with 10,000 skills / with 10 skills",
        subject: `${formatMs(per("postgres @10,000"))}/call`,
        baseline: `${formatMs(per("postgres @10"))}/call`,
        ratio: per("postgres @10,000") / per("postgres @10"),
        target: { max: 1.5 },
        note: `${calls} loads per sample; the directory store at 10,000: ${formatMs(per("directory @10,000"))}/call`,
        figures: loads,
      }),
    ];
  });
}

async function measureReplicas(options) {
  const modules = await loadAll();
  return withCluster(modules, async (cluster) => {
    const seconds = Math.max(3, Math.min(options.loadSeconds ?? 20, 20) / 2);
    const result = await runReplicaLoad(cluster.createDatabase(), {
      replicas: 2,
      clientsPerReplica: 4,
      seconds,
    });
    return [
      createReportRow({
        bench: "store-postgres/replicas",
        measure: `imports per second, 2 replicas on one database, 4 clients each, ${seconds} s`,
        subject: `${result.perSecond.toFixed(1)}/s`,
        baseline: `p50 ${formatMs(computeMedian(result.latencies))}`,
        note: `${result.imports} imports, ${result.failures} failures; per replica ${result.perReplica.join(" / ")}`,
        figures: result,
      }),
    ];
  });
}

export const storePostgresBenchmarks = [
  {
    name: "store-postgres/install",
    title: "install of 5,000 files: PostgreSQL vs directory store",
    run: measureInstall,
  },
  {
    name: "store-postgres/catalog",
    title:
      "catalog() over 10,000 managed skills and load(id) at 10,000 vs 10, PostgreSQL vs directory",
    run: measureCatalogAndLoad,
  },
  {
    name: "store-postgres/replicas",
    title: "imports/s with two replicas under 4 clients each",
    run: measureReplicas,
  },
];
