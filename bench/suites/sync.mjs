// Sync benchmarks (issue 23), each a whole process against a whole process
// started the same way in the same run, all without NODE_EXTRA_CA_CERTS and
// with one scratch HOME:
// - sync/git: `skillshelf sync` of 200 skills from a local git repository
//   (`git+file://`, ref main) into a fresh data directory, against the
//   vercel `skills` CLI (the pinned devDependency) adding the same skills
//   from the same repository by its file URL with `--copy` into a fresh
//   project (target 0.7). `skills` runs with its telemetry off, and once,
//   untimed, in a network namespace of its own with no way out, to show it
//   needs no network for this.
// - sync/frozen: `skillshelf sync --frozen` with nothing to change, against
//   a process that computes the tree digests of the same store and nothing
//   else (bench/child/tree-digests.mjs: the pinned formula over node:crypto,
//   each digest checked against the lock's); target 1.5.

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { treeDigestsOf } from "../child/tree-digests.mjs";
import { ensureSkillRepository, summarizeSkillSet } from "../gen/skill-set.mjs";
import { createChildEnvironment } from "../lib/child.mjs";
import { expectEqual } from "../lib/expect.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { locatePackage, REPO_DIR } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";
import { runProcess } from "../lib/run-process.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";

const FULL_COUNT = 200;

const countOf = (options) => Math.max(2, Math.round(FULL_COUNT * (options.sizeScale ?? 1)));
const cliBin = () => join(locatePackage("cli"), "dist", "bin.js");
const SKILLS_PACKAGE = join(REPO_DIR, "node_modules", "skills");

function skillsVersion() {
  return JSON.parse(readFileSync(join(SKILLS_PACKAGE, "package.json"), "utf8")).version;
}

/** Lines of `stdout` that start with `word` (sync prints one per skill). */
const linesStarting = (stdout, word) =>
  stdout.split("\n").filter((line) => line.startsWith(word)).length;

/** Skill folders (not dot-folders) directly below `dir`. */
const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith("."),
  ).length;

async function writeManifest(dir, repo) {
  const manifest = { skills: [{ source: `git+file://${repo}`, ref: "main", path: "skills" }] };
  await writeFile(join(dir, "skillshelf.json"), `${JSON.stringify(manifest)}\n`);
}

/** Whether this process may make a network namespace (`unshare -n`, needs root or a user namespace). */
function canIsolateNetwork() {
  const probe = spawnSync("unshare", ["-n", "true"], { stdio: "ignore" });
  return probe.status === 0;
}

async function measureSyncGit(options) {
  const count = countOf(options);
  const repo = await ensureSkillRepository(count);
  const home = await createScratch("sync-home");
  const env = createChildEnvironment({ HOME: home, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1" });
  const skillsArgs = [
    join(SKILLS_PACKAGE, "bin", "cli.mjs"),
    "add",
    pathToFileURL(repo).href,
    "--skill",
    "*",
    "--agent",
    "universal",
    "--copy",
    "--yes",
  ];
  let offline = "not checked: unshare -n is not allowed here";
  if (canIsolateNetwork()) {
    const project = await createScratch("skills-offline");
    await runProcess("unshare", ["-n", process.execPath, ...skillsArgs], { cwd: project, env });
    expectEqual(foldersIn(join(project, ".agents", "skills")), count, "skills add (offline)");
    await removeScratch(project);
    offline = "one untimed run in a network namespace with no interface up installed them all";
  }
  let shelfDir;
  let projectDir;
  const figures = await compareContenders(
    [
      {
        name: "skillshelf sync",
        before: async () => {
          shelfDir = await createScratch("sync-set");
          await writeManifest(shelfDir, repo);
        },
        run: () =>
          runProcess(process.execPath, [cliBin(), "sync", "--data", "data"], {
            cwd: shelfDir,
            env,
          }),
        check: ({ stdout }) => expectEqual(linesStarting(stdout, "installed"), count, "sync"),
        after: async () => {
          expectEqual(foldersIn(join(shelfDir, "data", "skills")), count, "sync's store");
          await removeScratch(shelfDir);
        },
      },
      {
        name: "skills add --copy",
        before: async () => {
          projectDir = await createScratch("skills-project");
        },
        run: () => runProcess(process.execPath, skillsArgs, { cwd: projectDir, env }),
        after: async () => {
          expectEqual(foldersIn(join(projectDir, ".agents", "skills")), count, "skills add");
          await removeScratch(projectDir);
        },
      },
    ],
    { warmup: 1, rounds: scaleRounds(7) },
  );
  await removeScratch(home);
  const subject = figures["skillshelf sync"].median;
  const baseline = figures["skills add --copy"].median;
  const { files, bytes } = summarizeSkillSet(count, "repo");
  return [
    createRatioRow({
      bench: "sync/git",
      measure: `skillshelf sync of ${count} skills from git+file:// / skills@${skillsVersion()} add --copy of the same repository (whole processes)`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 0.7 },
      note: `${files} files, ${(bytes / 1e6).toFixed(1)} MB; skills: --skill '*' --agent universal --copy --yes, telemetry off; ${offline}`,
      figures,
    }),
  ];
}

async function measureSyncFrozen(options) {
  const count = countOf(options);
  const repo = await ensureSkillRepository(count);
  const home = await createScratch("sync-home");
  const env = createChildEnvironment({ HOME: home });
  const set = await createScratch("sync-frozen");
  await writeManifest(set, repo);
  await runProcess(process.execPath, [cliBin(), "sync", "--data", "data"], { cwd: set, env });
  const lock = JSON.parse(readFileSync(join(set, "skillshelf.lock.json"), "utf8"));
  const locked = Object.fromEntries(lock.skills.map((skill) => [skill.id, skill.tree]));
  const store = join(set, "data", "skills");
  const script = join(REPO_DIR, "bench", "child", "tree-digests.mjs");
  const sameAsLock = (skills, what) => {
    expectEqual(Object.keys(skills).length, count, what);
    for (const [id, digest] of Object.entries(skills))
      expectEqual(digest, locked[id], `${what} ${id}`);
  };
  const figures = await compareContenders(
    [
      {
        name: "sync --frozen",
        run: () =>
          runProcess(process.execPath, [cliBin(), "sync", "--frozen", "--data", "data"], {
            cwd: set,
            env,
          }),
        check: ({ stdout }) =>
          expectEqual(linesStarting(stdout, "unchanged"), count, "sync --frozen"),
      },
      {
        name: "tree digests (process)",
        run: () => runProcess(process.execPath, [script, store], { cwd: set, env }),
        check: ({ stdout }) => sameAsLock(JSON.parse(stdout).skills, "tree digests"),
      },
      {
        name: "tree digests (in-process)",
        run: async () => treeDigestsOf(store),
        check: (skills) => sameAsLock(skills, "tree digests in-process"),
      },
    ],
    { warmup: 1, rounds: scaleRounds(9) },
  );
  await removeScratch(set);
  await removeScratch(home);
  const subject = figures["sync --frozen"].median;
  const baseline = figures["tree digests (process)"].median;
  const inProcess = figures["tree digests (in-process)"].median;
  return [
    createRatioRow({
      bench: "sync/frozen",
      measure: `skillshelf sync --frozen with nothing to change, ${count} skills / a process computing the store's tree digests (whole processes)`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 1.5 },
      note: `the digests alone in this process take ${formatMs(inProcess)} (ratio ${(subject / inProcess).toFixed(2)} against that); the baseline's digests are checked equal to the lock's`,
      figures,
    }),
  ];
}

export const syncBenchmarks = [
  {
    name: "sync/git",
    title: "skillshelf sync of 200 skills from git+file:// vs skills add --copy",
    run: measureSyncGit,
  },
  {
    name: "sync/frozen",
    title: "skillshelf sync --frozen with nothing to change vs the store's tree digests",
    run: measureSyncFrozen,
  },
];
