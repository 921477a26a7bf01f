// Catalog benchmarks: catalog() over 10,000 skills against plain walks that
// hash each SKILL.md, load(id) among 10,000 skills against among 10, and
// install of a 5,000-file bundle against plain writeFile, with the share of
// install's time spent in fsync measured by running it with fsync disabled.

import { hashSkillsParallel, hashSkillsSync } from "../baselines/walk.mjs";
import { writeSkillsPlainly, writeSkillsPlainlySync } from "../baselines/write-files.mjs";
import { groupIntoSkills } from "../gen/bundles.mjs";
import { ensureSkillRoot, formatSkillId } from "../gen/catalog-tree.mjs";
import { describeFolderBundle } from "../gen/inputs.mjs";
import { measureAgainstWalks } from "../lib/against-walks.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { probeFsync } from "../lib/fsync-probe.mjs";
import { compareContenders, pickFastest, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, createReportRow, formatMs } from "../lib/report.mjs";
import { createScratch, removeScratch, SCRATCH_DIR } from "../lib/scratch.mjs";

async function loadCatalog(exports) {
  const loaded = await loadPackage("skill-catalog", exports);
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.module;
}

const WALKS = {
  "walk (sync)": hashSkillsSync,
  "walk (async, parallel)": hashSkillsParallel,
};

async function measureScan() {
  const { catalog } = await loadCatalog(["catalog"]);
  const root = await ensureSkillRoot(10_000, 1024);
  const { figures, subject, fastest, note } = await measureAgainstWalks({
    subject: {
      name: "catalog",
      run: () => catalog({ builtin: root }),
      check: (result) => {
        expectEqual(result.skills.length, 10_000, "catalog skills");
        expectEqual(result.refused.length, 0, "catalog refusals");
      },
    },
    walks: WALKS,
    root,
    count: 10_000,
    rounds: scaleRounds(5),
  });
  return [
    createRatioRow({
      bench: "catalog/scan",
      measure: `catalog() over 10,000 skills / fastest readdir+lstat+readFile+SHA-256 walk (${fastest.name})`,
      subject: formatMs(subject),
      baseline: formatMs(fastest.ms),
      ratio: subject / fastest.ms,
      target: { max: 1.2 },
      note,
      figures,
    }),
  ];
}

async function measureLoad() {
  const { load } = await loadCatalog(["load"]);
  const large = { builtin: await ensureSkillRoot(10_000, 1024) };
  const small = { builtin: await ensureSkillRoot(10, 1024) };
  const calls = 500;
  const loadMany = async (roots) => {
    for (let i = 0; i < calls; i += 1) {
      const result = await load(roots, formatSkillId(i % 10));
      if (!result.ok)
        throw new Error(`load refused ${formatSkillId(i % 10)}: ${result.refusal.code}`);
    }
    return calls;
  };
  const figures = await compareContenders(
    [
      { name: "load @10,000", run: () => loadMany(large) },
      { name: "load @10", run: () => loadMany(small) },
    ],
    { warmup: 1, rounds: scaleRounds(11) },
  );
  const per = (name) => figures[name].median / calls;
  return [
    createRatioRow({
      bench: "catalog/load",
      measure: "load(id) with 10,000 skills / with 10 skills",
      subject: `${formatMs(per("load @10,000"))}/call`,
      baseline: `${formatMs(per("load @10"))}/call`,
      ratio: per("load @10,000") / per("load @10"),
      target: { max: 1.5 },
      note: `${calls} loads per sample, ids cycling over 10 skills present in both roots`,
      figures,
    }),
  ];
}

function createInstallContender(name, { install, DirectoryStore }, skills, fsyncMode) {
  let scratch;
  let probe;
  const totals = { calls: 0, ms: 0, runs: 0 };
  return {
    totals,
    contender: {
      name,
      before: async () => {
        scratch = await createScratch("install");
        probe = fsyncMode ? await probeFsync(SCRATCH_DIR, { skip: fsyncMode === "skip" }) : null;
      },
      run: () =>
        install(
          {
            builtin: `${scratch}/workspace/skills`,
            managed: new DirectoryStore(`${scratch}/data/skills`),
          },
          skills,
        ),
      check: (result) => expectSkills(result, skills.length, name),
      after: async () => {
        if (probe) {
          probe.restore();
          totals.calls += probe.stats.calls;
          totals.ms += probe.stats.ms;
          totals.runs += 1;
        }
        await removeScratch(scratch);
      },
    },
  };
}

async function measureInstall() {
  const catalogPackage = await loadCatalog(["install", "DirectoryStore"]);
  const skills = groupIntoSkills(describeFolderBundle());
  const files = skills.reduce((sum, skill) => sum + skill.files.length, 0);
  const real = createInstallContender("install", catalogPackage, skills, "time");
  const unsynced = createInstallContender(
    "install (fsync skipped)",
    catalogPackage,
    skills,
    "skip",
  );
  const plain = [
    ["writeFile (async)", writeSkillsPlainly],
    ["writeFileSync", writeSkillsPlainlySync],
  ].map(([name, write]) => {
    let directory;
    return {
      name,
      before: async () => {
        directory = await createScratch("plain");
      },
      run: async () => write(directory, skills),
      check: (count) => expectEqual(count, files, name),
      after: () => removeScratch(directory),
    };
  });
  const figures = await compareContenders([real.contender, unsynced.contender, ...plain], {
    warmup: 1,
    rounds: scaleRounds(3),
  });
  const fastest = pickFastest(
    figures,
    plain.map((contender) => contender.name),
  );
  const subject = figures.install.median;
  const withoutFsync = figures["install (fsync skipped)"].median;
  const callsPerRun = real.totals.calls / Math.max(1, real.totals.runs);
  const summedPerRun = real.totals.ms / Math.max(1, real.totals.runs);
  return [
    createRatioRow({
      bench: "catalog/install",
      measure: `install of ${files.toLocaleString("en-US")} files in ${skills.length} skills / fastest plain mkdir+writeFile (${fastest.name})`,
      subject: formatMs(subject),
      baseline: formatMs(fastest.ms),
      ratio: subject / fastest.ms,
      note: plain.map((c) => `${c.name} ${formatMs(figures[c.name].median)}`).join(", "),
      figures,
    }),
    createReportRow({
      bench: "catalog/install",
      measure: "share of install wall time spent on fsync (install with fsync skipped vs real)",
      subject: `${(((subject - withoutFsync) / subject) * 100).toFixed(0)}%`,
      baseline: `${formatMs(withoutFsync)} without fsync`,
      note: `${callsPerRun.toFixed(0)} fsync calls per install; their summed durations ${formatMs(summedPerRun)} per install (calls overlap, so the sum can exceed the wall time they cost)`,
      figures: { real: real.totals, unsynced: unsynced.totals },
    }),
  ];
}

export const catalogBenchmarks = [
  { name: "catalog/scan", title: "catalog() over 10,000 skills vs plain walks", run: measureScan },
  { name: "catalog/load", title: "load(id) among 10,000 vs among 10 skills", run: measureLoad },
  {
    name: "catalog/install",
    title: "install of 5,000 files vs plain writeFile",
    run: measureInstall,
  },
];
