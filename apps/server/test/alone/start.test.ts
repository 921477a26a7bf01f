// What a person sees on `pnpm start` and on running the server by hand: the
// console URL as the first line, JSON log lines when stderr is not a
// terminal, human ones when it is (a real pseudo-terminal, from util-linux
// `script`), and neither carrying the token.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it, onTestFinished } from "vitest";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));
const bin = join(repo, "apps/server/dist/bin.js");
const token = "start-test-token-0123456789abcdef";

/** Collects a child's stdout and stderr (kept growing after it resolves) until `done` says enough. */
function watch(
  child: ChildProcess,
  done: (out: string, err: string) => boolean,
): Promise<{ out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const seen = { out: "", err: "" };
    const check = (): void => {
      if (done(seen.out, seen.err)) resolve(seen);
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      seen.out += chunk.toString();
      check();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      seen.err += chunk.toString();
      check();
    });
    child.once("exit", () => reject(new Error(`exited early:\n${seen.out}\n${seen.err}`)));
  });
}

/** `command args` in a process group of its own, killed whole when the test ends; stopGroup ends it gently. */
function spawnGroup(command: string, args: string[], stdin: "ignore" | "pipe") {
  const child = spawn(command, args, {
    cwd: repo,
    stdio: [stdin, "pipe", "pipe"],
    env: { ...process.env, SKILLSHELF_TOKEN: "" },
    detached: true,
  });
  const group = child.pid!;
  onTestFinished(() => {
    try {
      process.kill(-group, "SIGKILL");
    } catch {}
  });
  const stopGroup = async (): Promise<void> => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-group, "SIGTERM");
    await exited;
  };
  return { child, stopGroup };
}

const stop = async (child: ChildProcess): Promise<number | null> => {
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  child.kill("SIGTERM");
  return exited;
};

it("pnpm start prints the console URL as its first line, after pnpm's own echo", async () => {
  // Its own process group, so the test can stop pnpm, the script and the server together.
  const { child, stopGroup } = spawnGroup("pnpm", ["--silent", "start", "--port", "0"], "ignore");
  const { out, err } = await watch(child, (o) => o.includes("managed skills:"));
  const [first] = out.trimStart().split("\n");
  expect(first).toMatch(/^console: http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
  expect(`${out}${err}`).not.toMatch(/update available|Packages in scope|Tasks:/i);
  await stopGroup();
}, 120_000);

it("pnpm start on a terminal prints the console URL before any log line", async () => {
  // `script` gives pnpm, the start script and the server one real terminal, as a person has.
  const { child, stopGroup } = spawnGroup(
    "script",
    ["-qfec", "pnpm start --port 0", "/dev/null"],
    "pipe",
  );
  const { out } = await watch(child, (o) => /Server listening/.test(o));
  // What pnpm echoes of the script it runs ("> skillshelf@ start", "> node scripts/start.mjs") is pnpm's.
  const lines = out.split(/\r?\n/).filter((line) => line.trim() !== "" && !line.startsWith("> "));
  expect(lines[0]).toMatch(/^console: http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
  expect(lines.findIndex((line) => /Server listening/.test(line))).toBeGreaterThan(0);
  await stopGroup();
}, 120_000);

it("logs JSON lines to a pipe and human lines to a terminal, never the token", async () => {
  expect(existsSync(bin), "build the server first (pnpm build)").toBe(true);
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-start-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const args = [bin, "--port", "0", "--data", join(dir, "data"), "--workspace", dir];
  const env = { ...process.env, SKILLSHELF_TOKEN: token };

  const piped = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  onTestFinished(() => {
    piped.kill("SIGKILL");
  });
  const plain = await watch(piped, (_o, e) => e.includes("Server listening"));
  const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(plain.err)![1];
  await fetch(`http://127.0.0.1:${port}/api/skills`, {
    headers: { authorization: "Bearer wrong-token-0123456789" },
  });
  await fetch(`http://127.0.0.1:${port}/api/skills`, {
    headers: { authorization: `Bearer ${token}x` },
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await stop(piped)).toBe(0);
  const lines = plain.err.trim().split("\n");
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  expect(lines.some((line) => JSON.parse(line).msg === "authentication failed")).toBe(true);
  expect(plain.err).not.toContain(token);

  // `script` gives the server a real terminal on stdout and stderr alike.
  const command = [process.execPath, ...args].map((a) => `'${a}'`).join(" ");
  const tty = spawn("script", ["-qfec", command, "/dev/null"], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  onTestFinished(() => {
    tty.kill("SIGKILL");
  });
  const human = await watch(tty, (o) => /Server listening/.test(o));
  expect(human.out).toMatch(/\d\d:\d\d:\d\d info {2}Server listening at http:\/\/127\.0\.0\.1:\d+/);
  expect(human.out).not.toContain('{"level"');
}, 120_000);
