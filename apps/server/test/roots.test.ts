// The CLI and the server decide their roots by one rule (skill-catalog's
// resolveSkillRoots): run both binaries under the same environment and the
// same working directory, and they name the same managed root, whether the
// data directory comes from a flag, SKILLSHELF_DATA, an absolute
// XDG_DATA_HOME, or the home directory when XDG_DATA_HOME is relative (which
// the XDG spec says to ignore).
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";

const serverBin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const cliBin = fileURLToPath(new URL("../../cli/dist/bin.js", import.meta.url));

type Env = Record<string, string | undefined>;

/** The managed root the server prints at start under `env` in `cwd`, then stops it. */
async function serverManagedRoot(env: Env, cwd: string, args: string[]): Promise<string> {
  const child = spawn(process.execPath, [serverBin, "--port", "0", ...args], {
    cwd,
    env: { PATH: process.env.PATH, ...env, SKILLSHELF_TOKEN: "roots-test-token-0123456789" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  onTestFinished(() => {
    child.kill("SIGKILL");
  });
  let out = "";
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /managed skills: (.+)\n/.exec(out);
      if (match) {
        child.kill("SIGTERM");
        resolve(match[1]!);
      }
    });
    child.once("exit", () => reject(new Error(`the server exited before listening: ${out}`)));
  });
}

/** The managed root `skillshelf list --json` reports under `env` in `cwd`. */
async function cliManagedRoot(env: Env, cwd: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [cliBin, "list", "--json", ...args],
    { cwd, env: { PATH: process.env.PATH, ...env } },
  );
  return (JSON.parse(stdout) as { roots: { managed: string } }).roots.managed;
}

describe("the CLI and the server", () => {
  const cases: {
    name: string;
    env: (dir: string) => Env;
    args: string[];
    expected: (dir: string) => string;
  }[] = [
    {
      name: "a relative XDG_DATA_HOME, ignored as the XDG spec says",
      env: (dir) => ({ HOME: dir, XDG_DATA_HOME: "relative/xdg" }),
      args: [],
      expected: (dir) => join(dir, ".local", "share", "skillshelf", "skills"),
    },
    {
      name: "an absolute XDG_DATA_HOME",
      env: (dir) => ({ HOME: dir, XDG_DATA_HOME: join(dir, "xdg") }),
      args: [],
      expected: (dir) => join(dir, "xdg", "skillshelf", "skills"),
    },
    {
      name: "a relative SKILLSHELF_DATA, against the working directory",
      env: (dir) => ({ HOME: dir, SKILLSHELF_DATA: "own", XDG_DATA_HOME: join(dir, "xdg") }),
      args: [],
      expected: (dir) => join(dir, "cwd", "own", "skills"),
    },
    {
      name: "a relative --data, against the working directory",
      env: (dir) => ({ HOME: dir, SKILLSHELF_DATA: join(dir, "own") }),
      args: ["--data", "flag"],
      expected: (dir) => join(dir, "cwd", "flag", "skills"),
    },
  ];

  it.each(cases)("name the same managed root with $name", async ({ env, args, expected }) => {
    const dir = await mkdtemp(join(tmpdir(), "skillshelf-roots-"));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const cwd = join(dir, "cwd");
    await mkdir(cwd);
    const [fromServer, fromCli] = await Promise.all([
      serverManagedRoot(env(dir), cwd, args),
      cliManagedRoot(env(dir), cwd, args),
    ]);
    expect(fromServer).toBe(expected(dir));
    expect(fromCli).toBe(fromServer);
  });
});
