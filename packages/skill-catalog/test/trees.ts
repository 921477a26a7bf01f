// Test trees written from data into real temporary directories, removed when
// the test finishes: workspaces with a builtin root, data directories with a
// managed root, and bundles of skills as the reader would return them.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Skill } from "@skillshelf/bundle-reader";
import { onTestFinished } from "vitest";
import { SkillRoots } from "../src/index.js";

/** A fresh temporary directory, removed when the current test finishes. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-catalog-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Roots in a fresh temporary directory: builtin `<dir>/ws/skills`, managed `<dir>/data/skills`. */
export async function makeRoots(): Promise<SkillRoots> {
  const dir = await makeTempDir();
  return SkillRoots.forWorkspace(join(dir, "ws")).withManaged(join(dir, "data"));
}

/** A SKILL.md that declares id with the title rule. */
export function skillText(id: string, body = `What ${id} does.\n`): string {
  return `# ${id}\n\n${body}`;
}

/** Writes each directory's SKILL.md (a string or raw bytes) below root. */
export async function writeSkills(
  root: string,
  skills: Record<string, string | Uint8Array>,
): Promise<void> {
  for (const [name, body] of Object.entries(skills)) {
    await mkdir(join(root, name), { recursive: true });
    await writeFile(join(root, name, "SKILL.md"), body);
  }
}

/** A skill as the reader returns it, from a map of path to text. */
export function bundleSkill(
  name: string,
  files: Record<string, string>,
  executable: string[] = [],
): Skill {
  return {
    name,
    files: Object.entries(files)
      .map(([path, text]) => ({ path, text, executable: executable.includes(path) }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
  };
}

/** Every file below dir, by relative path, with its text and permission bits. */
export async function readTree(
  dir: string,
): Promise<Record<string, { text: string; mode: number }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        const [text, stats] = await Promise.all([readFile(path, "utf8"), stat(path)]);
        return [relative(dir, path), { text, mode: stats.mode & 0o7777 }] as const;
      }),
  );
  return Object.fromEntries(files.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The names in a directory, or none when it does not exist. */
export async function namesIn(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}
