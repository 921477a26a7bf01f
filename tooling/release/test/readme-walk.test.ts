// @module-tag heavy
// The repository README, walked from top to bottom as a new user would: a
// fresh clone, then every command of every sh and console block in the order
// written, in one bash session (an alias, an export, a `cd` or a background
// job carries to the next step). A console step must print exactly what the
// README shows; an sh step must exit 0, or the code its comment promises. The
// first step that does not do what the README says fails, and the rest are
// skipped.
//
// Nothing reaches past loopback, and two walks can run at once: the
// `SUBSTITUTIONS` table below is every change made to the README's text
// before it runs, each with its reason. `pnpm start` runs in the background
// on a free port; the walk waits for its console URL, probes it and stops it.
// A section that says it starts "from the repository root" starts there.
// turbo reuses the build cache of the repository under test, so the clone's
// build restores the same outputs instead of compiling them again.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { freePort } from "@skillshelf/test-utils";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanEnv } from "../src/env.js";
import { type ReadmeStep, readmeSteps } from "../src/readme-steps.js";
import { ShellSession } from "../src/shell-session.js";
import { findWorkspaceRoot } from "../src/workspace.js";

const root = findWorkspaceRoot();
// Not under /tmp/skillshelf-, which SUBSTITUTIONS rewrites; 0755, not mkdtemp's 0700: the fleet's
// database runs as the `postgres` user and must reach its folder.
const base = mkdtempSync(join(tmpdir(), "readme-walk-"));
chmodSync(base, 0o755);
// Named as on GitHub, so `git clone` makes the folder the README then enters.
const origin = join(base, "network", "skillshelf");
const scratch = join(base, "steps");
const ports = { server: 0, replica: 0, database: 0 };

/** Every change made to a README command before it runs (and to the output it shows), in order. */
const SUBSTITUTIONS: { from: string | RegExp; to: () => string; why: string }[] = [
  {
    from: "https://github.com/skillshelf/skillshelf",
    to: () => `file://${origin}`,
    why: "the network: a local repository holding the working tree under test stands in for GitHub",
  },
  {
    from: "npx -y pnpm@10.20.0",
    to: () => "pnpm",
    why: "the network: npx would fetch pnpm from the registry; the installed pnpm is checked to be 10.20.0",
  },
  {
    from: "pnpm install",
    to: () => "pnpm install --offline",
    why: "the network: every package comes from the local pnpm store",
  },
  {
    from: /(?<![\w-])npm install\b/,
    to: () => "npm install --prefer-offline --no-audit --no-fund",
    why: "the network: third-party packages from npm's cache where it has them, as the release checks install",
  },
  {
    from: /pnpm test\b/,
    to: () => ": pnpm test",
    why: "every test, this walk among them: not run from inside itself",
  },
  {
    from: "/tmp/skillshelf-",
    to: () => join(base, "skillshelf-"),
    why: "isolation: the README's folders in /tmp (tour, fleet, packs, app) go under this walk's own, as another walk may be running",
  },
  {
    from: /\b4747\b/g,
    to: () => String(ports.server),
    why: "a free port for the fleet's first replica",
  },
  {
    from: /\b4748\b/g,
    to: () => String(ports.replica),
    why: "a free port for the fleet's second replica",
  },
  {
    from: /\b5433\b/g,
    to: () => String(ports.database),
    why: "a free port for the fleet's database",
  },
];

/** Long-running commands: started by the walk itself, probed, and stopped. */
const LONG_RUNNING = "pnpm start";

function substitute(text: string): string {
  let out = text;
  for (const { from, to } of SUBSTITUTIONS) {
    out = typeof from === "string" ? out.replaceAll(from, to()) : out.replace(from, to());
  }
  return out;
}

let shell: ShellSession;
let clone = "";
let failed = false;
const env = cleanEnv({ NO_COLOR: "1", TURBO_CACHE_DIR: turboCache() });
for (const key of Object.keys(env)) if (key.startsWith("SKILLSHELF_")) delete env[key];

/** The turbo cache of the repository under test (shared by its git worktrees), if it has one. */
function turboCache(): string {
  const common = execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  return join(dirname(common), ".turbo", "cache");
}

/** A repository whose one commit is the working tree under test, committed or not. */
function makeOrigin(): void {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(origin, file)), { recursive: true });
    cpSync(join(root, file), join(origin, file));
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=walk", "-c", "user.email=walk@example.com", ...args], {
      cwd: origin,
      stdio: "ignore",
    });
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-qm", "the working tree under test");
}

beforeAll(async () => {
  mkdirSync(scratch);
  makeOrigin();
  ports.server = await freePort();
  ports.replica = await freePort();
  ports.database = await freePort();
  expect(execFileSync("pnpm", ["--version"], { encoding: "utf8" }).trim()).toBe("10.20.0");
  shell = new ShellSession(scratch, { cwd: base, env });
});

afterAll(() => {
  shell?.close();
  stopStart();
  // A walk that failed inside the fleet section leaves its database running.
  const db = join(base, "skillshelf-fleet", "db");
  if (existsSync(join(db, "postmaster.pid"))) {
    execFileSync(
      "runuser",
      ["-u", "postgres", "--", pgCtl(), "-D", db, "-m", "immediate", "stop"],
      {
        stdio: "ignore",
      },
    );
  }
  rmSync(base, { recursive: true, force: true });
});

/** pg_ctl of the newest Debian-style PostgreSQL, the one the README's fleet section names. */
function pgCtl(): string {
  const majors = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
  return join("/usr/lib/postgresql", majors[0]!, "bin", "pg_ctl");
}

let started: ChildProcess | undefined;
function stopStart(): void {
  if (started?.pid === undefined) return;
  try {
    process.kill(-started.pid, "SIGKILL");
  } catch {}
}

/** `pnpm start` as the README says: its console URL first, then a console and an API that answer. */
async function startAndProbe(cwd: string): Promise<void> {
  clone = clone || cwd;
  const [command, ...args] = `${LONG_RUNNING} --port 0`.split(" ");
  started = spawn(command!, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  started.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  const exited = new Promise((resolve) => started!.once("exit", resolve));
  const url = await Promise.race([
    new Promise<RegExpExecArray>((resolve) =>
      started!.stdout!.on("data", () => {
        const found = /^console: (http:\/\/127\.0\.0\.1:\d+\/)#token=([A-Za-z0-9_-]+)$/m.exec(out);
        if (found !== null) resolve(found);
      }),
    ),
    exited.then(() => {
      throw new Error(`pnpm start exited:\n${out}`);
    }),
  ]);
  const first = out.split("\n").find((line) => line.trim() !== "" && !line.startsWith("> "));
  expect(first, "the console URL is the first line").toBe(url[0]);
  const page = await fetch(url[1]!);
  expect(page.status).toBe(200);
  const skills = await fetch(`${url[1]}api/skills`, {
    headers: { authorization: `Bearer ${url[2]}` },
  });
  expect(skills.status).toBe(200);
  expect(await skills.text()).toContain('"commit-messages"');
  expect(existsSync(join(cwd, ".skillshelf")), "the data directory is .skillshelf/").toBe(true);
  process.kill(-started.pid!, "SIGTERM");
  await exited;
}

/** Runs one README step in the session; a `pnpm start` in it is started, probed and stopped aside. */
async function walk(step: ReadmeStep): Promise<{ code: number; output: string }> {
  if (step.first && /from the repository root/.test(step.prose) && clone !== "") {
    await shell.run(`cd '${clone}'`);
  }
  const parts = substitute(step.command.replace(/\s#.*$/, "")).split(" && ");
  const long = parts.findIndex((part) => part.trim() === LONG_RUNNING);
  if (long === -1) return shell.run(parts.join(" && "));
  const before = await shell.run(parts.slice(0, long).join(" && "));
  if (before.code !== 0) return before;
  const where = await shell.run("pwd");
  await startAndProbe(where.output.trim());
  return before;
}

const steps = readmeSteps(readFileSync(join(root, "README.md"), "utf8"));

it("finds the README's commands, the clone first", () => {
  expect(steps.length).toBeGreaterThan(40);
  expect(steps[0]!.command).toMatch(/^git clone https:\/\/github\.com\/skillshelf\/skillshelf/);
});

it.for(steps)("line $line: $command", { timeout: 600_000 }, async (step, context) => {
  if (failed) context.skip();
  failed = true;
  const run = await walk(step);
  if (clone === "" && /^git clone/.test(step.command)) clone = resolve(base, "skillshelf");
  const said = `line ${step.line} printed:\n${run.output}`;
  if (step.kind === "console") {
    expect(run.output.replace(/\n+$/, ""), said).toBe(substitute(step.output!));
  } else {
    expect(run.code, said).toBe(step.exitCode);
    if (step.command.includes("install")) expect(run.output, said).not.toMatch(/WARN/);
  }
  failed = false;
});
