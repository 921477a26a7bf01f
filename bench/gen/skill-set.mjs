// Skill sets whose SKILL.md opens with the frontmatter every consumer asks
// for (`name` and `description`: the vercel `skills` CLI finds a skill by
// it, and MCP serves only a skill that has it), each skill with a few
// references, an executable script and an example, as real skills carry.
// Made as a git repository (for sync) and as an imported shelf (for MCP),
// cached under bench/out/inputs and keyed by the count and a version.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describeBundle, summarizeEntries, writeFolder } from "./bundles.mjs";
import { INPUT_DIR } from "./inputs.mjs";

/** Files per skill: SKILL.md, 3 references, 1 script (mode 0755), 1 example. */
const FILES_PER_SKILL = 6;

/** Characters of text kept in a SKILL.md, so 1,000 bodies stay under the payload's 2 MiB. */
const SKILL_MD_CHARS = 1_200;

/**
 * Describes `count` skills `<prefix>-NNNN` of 6 files of 0.5-4 KB of text;
 * each SKILL.md opens with frontmatter naming the skill, and its text is cut
 * to 1,200 characters (about 1.3 KB).
 */
export function describeSkillSet(count, prefix) {
  return describeBundle({
    seed: 23,
    prefix,
    skills: count,
    filesPerSkill: FILES_PER_SKILL,
    minBytes: 500,
    maxBytes: 4_000,
    directories: false,
  }).map((entry) => {
    if (!entry.path.endsWith("/SKILL.md")) return entry;
    const id = entry.path.slice(0, entry.path.indexOf("/"));
    const opening = `---\nname: ${id}\ndescription: Benchmark skill ${id}, with references, a script and an example.\nlicense: MIT\n---\n\n`;
    const text = entry.bytes.toString("utf8").slice(0, SKILL_MD_CHARS);
    return { ...entry, bytes: Buffer.from(`${opening}${text}\n`) };
  });
}

/** Files and bytes of a skill set, for the notes. */
export function summarizeSkillSet(count, prefix) {
  return summarizeEntries(describeSkillSet(count, prefix));
}

function git(cwd, args) {
  // Fixed names and dates, so the same inputs make the same commit.
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "bench",
    GIT_AUTHOR_EMAIL: "bench@example.com",
    GIT_COMMITTER_NAME: "bench",
    GIT_COMMITTER_EMAIL: "bench@example.com",
    GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
    GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
  };
  execFileSync("git", args, { cwd, env, stdio: ["ignore", "ignore", "pipe"] });
}

/**
 * A git repository (branch `main`, one commit) holding `count` skills under
 * `skills/`; answers its directory.
 */
export async function ensureSkillRepository(count) {
  const repo = join(INPUT_DIR, `skill-repo-${count}-v2`);
  const marker = `${repo}.complete`;
  if (existsSync(marker)) return repo;
  await rm(repo, { recursive: true, force: true });
  await writeFolder(describeSkillSet(count, "repo"), join(repo, "skills"));
  git(repo, ["init", "-q", "-b", "main"]);
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-q", "-m", `${count} skills`]);
  await writeFile(marker, "");
  return repo;
}

/**
 * A workspace (empty builtin root) and a data directory whose managed store
 * holds `count` skills imported by install(), each with its record; answers
 * { workspace, data, store }.
 */
export async function ensureImportedShelf(count, { reader, catalog }) {
  const base = join(INPUT_DIR, `mcp-shelf-${count}x${FILES_PER_SKILL}-v2`);
  const shelf = {
    workspace: join(base, "workspace"),
    data: join(base, "data"),
    store: join(base, "data", "skills"),
  };
  if (existsSync(`${base}.complete`)) return shelf;
  await rm(base, { recursive: true, force: true });
  await mkdir(shelf.workspace, { recursive: true });
  const bundle = join(base, "bundle");
  await writeFolder(describeSkillSet(count, "shelf"), bundle);
  const read = await reader.readBundle({ kind: "path", path: bundle });
  if (!read.ok) throw new Error(`bench bundle refused: ${read.refusal.code}`);
  const roots = {
    builtin: join(shelf.workspace, "skills"),
    managed: new catalog.DirectoryStore(shelf.store),
  };
  const installed = await catalog.install(roots, read.skills);
  if (!installed.ok) throw new Error(`bench install refused: ${installed.refusal.code}`);
  await rm(bundle, { recursive: true, force: true });
  await writeFile(`${base}.complete`, "");
  return shelf;
}
