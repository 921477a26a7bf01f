// @module-tag heavy
// The installed executables, run as an operator runs them: `skillshelf
// check` on a good and a bad bundle, and `skillshelf-server` started on a
// free port with a token, asked for /healthz, its limits and the console
// page, then stopped with SIGTERM. They run on the Node that runs the tests.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runProcess } from "../src/run.js";
import { startServer } from "../src/server.js";
import { binPath, installedConsumer, makeRunDir } from "./installed.js";

const consumer = installedConsumer();

it("skillshelf check accepts the sample bundle and lists its skills", async () => {
  const dir = makeRunDir(consumer, "check");
  const env = { SKILLSHELF_DATA: join(dir, "data"), NO_COLOR: "1" };
  const run = await runProcess(binPath(consumer, "skillshelf"), ["check", "bundle"], {
    cwd: dir,
    env,
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain("pdf-tools");
  expect(run.stdout).toContain("release-notes");

  const json = await runProcess(binPath(consumer, "skillshelf"), ["check", "bundle", "--json"], {
    cwd: dir,
    env,
  });
  expect(json.code, json.stderr).toBe(0);
  const answer = JSON.parse(json.stdout);
  expect(answer.ok).toBe(true);
  expect(answer.skills.map((s: { id: string }) => s.id)).toEqual(["pdf-tools", "release-notes"]);
});

it("skillshelf check refuses a bundle with a stray file, with exit 1 and one sentence", async () => {
  const dir = makeRunDir(consumer, "check-refused", false);
  mkdirSync(join(dir, "bad", "one"), { recursive: true });
  writeFileSync(join(dir, "bad", "one", "SKILL.md"), "# one\n");
  writeFileSync(join(dir, "bad", "notes.txt"), "not a skill\n");
  const run = await runProcess(binPath(consumer, "skillshelf"), ["check", "bad", "--json"], {
    cwd: dir,
    env: { SKILLSHELF_DATA: join(dir, "data"), NO_COLOR: "1" },
  });
  expect(run.code).toBe(1);
  const answer = JSON.parse(run.stdout);
  expect(answer.ok).toBe(false);
  expect(answer.refusal.code).toBe("stray-file");
  expect(answer.message).toContain("notes.txt");
});

it("skillshelf-server starts on a free port, answers /healthz and stops on SIGTERM", async () => {
  const dir = makeRunDir(consumer, "server", false);
  const token = "release-test-token-0123456789";
  const server = await startServer(
    binPath(consumer, "skillshelf-server"),
    ["--port", "0", "--data", join(dir, "data"), "--workspace", dir],
    { cwd: dir, env: { SKILLSHELF_TOKEN: token } },
  );
  try {
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(health.status).toBe(200);
    const limits = await fetch(`http://127.0.0.1:${server.port}/api/limits`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(limits.status).toBe(200);
    expect(await limits.json()).toMatchObject({ maxEntries: 10_000 });
    const anonymous = await fetch(`http://127.0.0.1:${server.port}/api/skills`);
    expect(anonymous.status).toBe(401);
    // The console's page and assets ship in the tarball and are served from it.
    const page = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  } finally {
    const ended = await server.stop();
    expect(ended, server.output()).toEqual({ code: 0, signal: null });
  }
});
