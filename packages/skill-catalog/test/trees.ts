// Test trees for the catalog: workspaces with a builtin root, data
// directories with a managed root, and bundles of skills as the reader would
// return them, over the shared helpers of @skillshelf/test-utils (temporary
// directories removed when the test finishes, skills written from data).
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { type Skill, skillFileOf } from "@skillshelf/bundle-reader";
import { makeRootDirs, makeTempDir, skillText, writeSkills } from "@skillshelf/test-utils";
import { DirectoryStore } from "../src/index.js";

export { makeTempDir, skillText, writeSkills };

/** Roots whose managed store is a directory, with that directory's path beside it. */
export type DirectoryRoots = { builtin: string; managed: DirectoryStore; managedDir: string };

/** Roots over `builtin` and a directory store at `managedDir`. */
export function directoryRoots(builtin: string, managedDir: string): DirectoryRoots {
  return { builtin, managed: new DirectoryStore(managedDir), managedDir };
}

/** Roots in a fresh temporary directory (test-utils' one layout), the managed one a directory store. */
export async function makeRoots(): Promise<DirectoryRoots> {
  const dirs = makeRootDirs("skillshelf-catalog-");
  return directoryRoots(dirs.builtin, dirs.managed);
}

/** A skill as the reader returns it, from a map of path to text (or bytes). */
export function bundleSkill(
  name: string,
  files: Record<string, string | Uint8Array>,
  executable: string[] = [],
): Skill {
  return {
    name,
    files: Object.entries(files)
      .map(([path, body]) =>
        skillFileOf(
          path,
          typeof body === "string" ? Buffer.from(body, "utf8") : body,
          executable.includes(path),
        ),
      )
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
