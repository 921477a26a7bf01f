// Runs the install fixture in a child process, and generates the versioned
// bundles the crash and concurrency tests install: every version names its
// files differently, so a file left over from another version is visible.
import { type ChildProcess, spawn } from "node:child_process";
import { access } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Skill, skillFileOf } from "@skillshelf/bundle-reader";
import type { InstallResult } from "../src/index.js";
import type { DirectoryRoots } from "./trees.js";

const script = fileURLToPath(new URL("./fixtures/install-child.mjs", import.meta.url));
const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));

/** Fails clearly when the package has not been built (the child uses dist). */
export async function requireBuild(): Promise<void> {
  await access(dist).catch(() => {
    throw new Error(
      "build @skillshelf/skill-catalog first (pnpm build): the child process uses dist",
    );
  });
}

/** Every skill of one version: its SKILL.md and `files` numbered files named by version. */
export function bundleOf(version: number, ids: readonly string[], files: number): Skill[] {
  const fileOf = (path: string, text: string, executable: boolean) =>
    skillFileOf(path, Buffer.from(text, "utf8"), executable);
  return ids.map((id) => ({
    name: id,
    files: [
      fileOf("SKILL.md", `# ${id}\n\nversion ${version}\n`, false),
      ...Array.from({ length: files }, (_, i) =>
        fileOf(
          `v${version}/part-${String(i).padStart(4, "0")}.md`,
          `version ${version} of ${id}, file ${i}\n${"x".repeat(200)}\n`,
          i % 7 === 0,
        ),
      ),
    ].sort((a, b) => (a.path < b.path ? -1 : 1)),
  }));
}

export type Child = {
  process: ChildProcess;
  done: Promise<{ result?: InstallResult; signal: string | null }>;
};

/**
 * Starts a child process installing `skills`; `done` settles when it has
 * exited. With `maxFileBytes`, the child runs as on a disk that is full past
 * that many bytes per file: its file-size limit (RLIMIT_FSIZE, in 512-byte
 * blocks) makes every write beyond it fail with EFBIG, with SIGXFSZ ignored
 * so the write fails rather than the process.
 */
export function startInstall(
  roots: DirectoryRoots,
  skills: Skill[],
  replace: boolean,
  options: { maxFileBytes?: number } = {},
): Child {
  const child =
    options.maxFileBytes === undefined
      ? spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "inherit"] })
      : spawn(
          "/bin/sh",
          [
            "-c",
            `trap '' XFSZ; ulimit -f ${Math.floor(options.maxFileBytes / 512)}; exec "$0" "$1"`,
            process.execPath,
            script,
          ],
          { stdio: ["pipe", "pipe", "inherit"] },
        );
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stdin.on("error", () => {});
  // Files travel as text; the child makes them SkillFiles again.
  const plain = skills.map(({ name, files }) => ({
    name,
    files: files.map(({ path, text, executable }) => ({ path, text, executable })),
  }));
  const where = { builtin: roots.builtin, managedDir: roots.managedDir };
  child.stdin.end(JSON.stringify({ roots: where, skills: plain, replace }));
  const done = new Promise<{ result?: InstallResult; signal: string | null }>((resolve) => {
    child.on("close", (_code, signal) => {
      const line = out.trim();
      resolve(line === "" ? { signal } : { result: JSON.parse(line) as InstallResult, signal });
    });
  });
  return { process: child, done };
}
