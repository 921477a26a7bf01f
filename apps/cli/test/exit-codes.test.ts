// Exit codes and what goes with them: 0 with the answer on stdout; 1 with the
// message() sentence on stderr (and the refusal as JSON with --json); 3 for a
// store that cannot be written or anything unexpected, still as one sentence,
// with a stack trace only when SKILLSHELF_DEBUG asks for one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, runBin, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, makeTempDir } from "./support/trees.js";

const STACK = /\n\s+at /;

describe("exit codes", () => {
  it("0: limits answers on stdout only", async () => {
    const run = await runBin(["limits", "--json"]);
    expect(run.code).toBe(0);
    expect(parseJson(run)).toEqual({ ok: true, maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 });
    expect(run.stderr).toBe("");
    const human = await runBin(["limits"]);
    expect(human.stdout).toBe(
      "max entries  10,000\nmax bytes    64.0 MiB (67,108,864 bytes, expanded)\n",
    );
  });

  it("1: a source that does not exist is refused with the sentence on stderr", async () => {
    const { args } = makeRoots();
    const missing = join(makeTempDir(), "no-such-bundle");
    const run = await runBin(["check", missing, ...args]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^refused \(unreadable-source\): The source .* cannot be read/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);

    const json = await runBin(["check", missing, "--json", ...args]);
    expect(json.code).toBe(1);
    const answer = parseJson(json) as { ok: boolean; refusal: { code: string }; message: string };
    expect(answer.ok).toBe(false);
    expect(answer.refusal.code).toBe("unreadable-source");
    expect(json.stderr).toBe(`refused (unreadable-source): ${answer.message}\n`);
  });

  it.each([["list"], ["payload"]])(
    "2: %s with a --store that is no URL is a usage error naming the URL form",
    async (command) => {
      const run = await runBin([command, "--store", "notaurl", "--json"]);
      expect(run.code).toBe(2);
      expect(parseJson(run)).toMatchObject({ ok: false, refusal: { code: "invalid-store-url" } });
      expect(run.stderr).toContain("name it as postgres://user@host:5432/database");
      expect(run.stderr).not.toContain("data directory's space");
    },
  );

  it.each([
    [["list", "--bogus", "--json"], "unknown option '--bogus'"],
    [["import", "--json"], "missing required argument 'source'"],
    [["help", "nosuch", "--json"], "no command 'nosuch' to show help for"],
    [["payload", "--watch", "--json"], "--watch needs --out <dir> to write to"],
  ])("2: %j with --json answers one usage refusal on stdout", async (args, detail) => {
    const { args: roots } = makeRoots();
    const run = await runBin([...args, ...roots]);
    expect(run.code).toBe(2);
    expect(run.stdout.split("\n").filter(Boolean)).toHaveLength(1);
    const answer = parseJson(run) as { ok: boolean; refusal: object; message: string };
    expect(answer).toEqual({
      ok: false,
      refusal: { code: "usage", detail },
      message: `The command cannot be run as given (${detail}); see its help ('skillshelf help <command>') for the arguments and options it takes.`,
    });
    expect(run.stderr).toContain(`error: ${detail}`);
    // Without --json, stdout stays empty.
    const plain = await runBin([...args.filter((arg) => arg !== "--json"), ...roots]);
    expect(plain.code).toBe(2);
    expect(plain.stdout).toBe("");
  });

  it("2: a --store URL of another scheme is not echoed back (it may carry a password)", async () => {
    const run = await runBin(["list", "--store", "mysql://me:secret@db/x"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("it starts with mysql://");
    expect(run.stderr).not.toContain("secret");
  });

  it.each([
    { command: "list", args: [] },
    { command: "payload", args: [] },
    // --watch's --out: a folder it would write to, never made.
    { command: "payload --watch", args: ["--out", "payload"] },
  ])(
    "3: $command on a database that is down is store-unavailable, naming the database",
    async ({ command, args }) => {
      const out = args.map((arg) => (arg === "payload" ? join(makeTempDir(), arg) : arg));
      const run = await runBin([
        ...command.split(" "),
        ...out,
        "--store",
        "postgres://reader@127.0.0.1:1/shelf",
      ]);
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(
        /^refused \(store-unavailable\): The store's database at postgres:\/\/reader@127\.0\.0\.1:1\/shelf cannot be reached/,
      );
      expect(run.stderr).not.toContain("data directory");
    },
  );

  it("3: a data directory that is a file cannot be written; no stack trace", async () => {
    const dir = makeTempDir();
    const data = join(dir, "data");
    writeFileSync(data, "not a directory\n");
    const run = await runBin(["import", SAMPLE_BUNDLE, "--workspace", dir, "--data", data]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^refused \((store-failed|internal)\): /);
    expect(run.stderr).not.toMatch(STACK);
  });

  it("3: an unexpected failure is the internal refusal; SKILLSHELF_DEBUG adds the stack", async () => {
    // A workspace whose name is longer than any file system allows cannot even be listed.
    const workspace = join(makeTempDir(), "w".repeat(300));
    const args = ["list", "--workspace", workspace, "--data", makeTempDir()];
    const run = await runBin(args);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^refused \(internal\): An internal error occurred/);
    expect(run.stderr).not.toMatch(STACK);

    const debug = await runBin(args, { env: { SKILLSHELF_DEBUG: "1" } });
    expect(debug.code).toBe(3);
    expect(debug.stderr).toMatch(STACK);
    expect(debug.stderr).toContain("refused (internal): ");
  });
});
