// A directory store lists a change whole or not at all: two skills installed
// (and replaced) together are never listed one new and one old, nor one
// without the other, however a listing falls among the change's renames. A
// writer replaces a pair again and again while readers in this process and
// in a child process list the store as fast as they can. And a removed skill
// set aside in staging is never taken for a transaction, whatever files it
// holds.
import { execFileSync, spawn } from "node:child_process";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type DirectoryStore, install, remove, treeOf } from "../src/index.js";
import { readWhole } from "../src/whole-sets.js";
import { requireBuild } from "./child.js";
import { bundleSkill, makeRoots } from "./trees.js";

const VERSIONS = 40;

const pair = (version: number) =>
  ["pair-a", "pair-b"].map((id) =>
    bundleSkill(id, { "SKILL.md": `# ${id}\n\nversion ${version}\n`, "notes.md": `v${version}\n` }),
  );

/** What one listing of the store shows: each skill with the version its SKILL.md says. */
async function listed(store: DirectoryStore): Promise<string> {
  const entries = await store.list();
  return entries
    .map(({ name, read }) => {
      const text = read.kind === "bytes" ? Buffer.from(read.bytes).toString("utf8") : read.kind;
      return `${name}@${/version (\d+)/.exec(text)?.[1] ?? "?"}`;
    })
    .sort()
    .join(" ");
}

const whole = (listing: string): boolean => /^pair-a@(\d+) pair-b@\1$/.test(listing);

describe("a set installed together", () => {
  it("is listed whole or not at all, by a reader in this process", async () => {
    const roots = await makeRoots();
    expect(await install(roots, pair(0))).toMatchObject({ ok: true });
    let writing = true;
    const writer = (async () => {
      for (let version = 1; version <= VERSIONS; version++) {
        const done = await install(roots, pair(version), { replace: true });
        expect(done).toMatchObject({ ok: true });
      }
      writing = false;
    })();
    const seen: string[] = [];
    while (writing) seen.push(await listed(roots.managed));
    await writer;
    expect(seen.length).toBeGreaterThan(VERSIONS);
    expect(seen.filter((listing) => !whole(listing))).toEqual([]);
    expect(await listed(roots.managed)).toBe(`pair-a@${VERSIONS} pair-b@${VERSIONS}`);
  });

  it("is listed whole or not at all, by a reader in another process", async () => {
    await requireBuild();
    const roots = await makeRoots();
    expect(await install(roots, pair(0))).toMatchObject({ ok: true });
    const reader = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { DirectoryStore } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
const store = new DirectoryStore(process.argv[1]);
const torn = [];
let listings = 0;
process.stdin.on("end", () => { process.stdout.write(JSON.stringify({ listings, torn })); process.exit(0); });
process.stdin.resume();
for (;;) {
  const entries = await store.list();
  const versions = entries.map(({ read }) => /version (\\d+)/.exec(Buffer.from(read.bytes ?? []).toString())?.[1]);
  if (versions.length !== 2 || versions[0] !== versions[1]) torn.push(versions);
  listings += 1;
  await new Promise((resolve) => setImmediate(resolve));
}`,
        roots.managedDir,
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    let out = "";
    reader.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    const exited = new Promise((resolve) => reader.once("exit", resolve));
    for (let version = 1; version <= VERSIONS; version++) {
      expect(await install(roots, pair(version), { replace: true })).toMatchObject({ ok: true });
    }
    reader.stdin.end();
    await exited;
    const { listings, torn } = JSON.parse(out) as { listings: number; torn: unknown[] };
    expect(listings).toBeGreaterThan(VERSIONS);
    expect(torn).toEqual([]);
  });
});

describe("a listing while a change is under way", () => {
  /** A managed root whose staging holds a committed transaction, as between a change's renames. */
  async function midChange(): Promise<{ managed: string; journal: string }> {
    const roots = await makeRoots();
    expect(await install(roots, pair(0))).toMatchObject({ ok: true });
    const transaction = join(roots.managedDir, ".staging", "00112233445566aa");
    await mkdir(transaction, { recursive: true });
    const journal = join(transaction, "commit.json");
    await writeFile(journal, JSON.stringify({ ids: ["pair-a"] }));
    return { managed: roots.managedDir, journal };
  }
  const nothing = async (): Promise<void> => {};

  it("waits while a live writer holds the lock, and reads once its journal is gone", async () => {
    const { managed, journal } = await midChange();
    const owner = { pid: process.pid, host: hostname(), boot: "", token: "the-test" };
    await writeFile(join(managed, ".lock"), JSON.stringify(owner));
    setTimeout(() => void rm(journal).then(() => rm(join(managed, ".lock"))), 300);
    const started = performance.now();
    let readAt = 0;
    const value = await readWhole(
      managed,
      async () => {
        readAt = performance.now() - started;
        return "listed";
      },
      nothing,
    );
    expect(value).toBe("listed");
    expect(readAt).toBeGreaterThanOrEqual(290);
  });

  it("does not wait for a journal nobody is applying (its writer gone, and not recovered here)", async () => {
    const { managed } = await midChange();
    const started = performance.now();
    expect(await readWhole(managed, async () => "listed", nothing)).toBe("listed");
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("the store's marker files", () => {
  it("are never waited on: a pipe in place of the lock or the generation reads as no value", async () => {
    const roots = await makeRoots();
    expect(await install(roots, pair(0))).toMatchObject({ ok: true });
    const managed = roots.managedDir;
    // A transaction left uncommitted, so that the listing tries the lock first.
    await mkdir(join(managed, ".staging", "0123456789abcdef", "new"), { recursive: true });
    await rm(join(managed, ".generation"));
    execFileSync("mkfifo", [join(managed, ".lock"), join(managed, ".generation")]);
    const started = performance.now();
    expect((await roots.managed.list()).map((entry) => entry.name)).toEqual(["pair-a", "pair-b"]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("a removed skill set aside in staging", () => {
  it("is never applied as a transaction, whatever it holds", async () => {
    const roots = await makeRoots();
    expect(await install(roots, pair(0))).toMatchObject({ ok: true });
    // What a removal killed before it cleared staging leaves: the skill's own
    // files, here ones shaped like a committed transaction with a record.
    const planted = bundleSkill("planted", { "SKILL.md": "# planted\n\nNever approved.\n" });
    const aside = join(roots.managedDir, ".staging", "0123456789abcdef-removed");
    await mkdir(join(aside, "new", "planted"), { recursive: true });
    await mkdir(join(aside, "records"));
    await writeFile(join(aside, "new", "planted", "SKILL.md"), "# planted\n\nNever approved.\n");
    await writeFile(join(aside, "commit.json"), JSON.stringify({ ids: ["planted"] }));
    const record = {
      id: "planted",
      installedAt: new Date(0).toISOString(),
      tool: "skillshelf 0.0.0",
      tree: treeOf(planted.files),
      approved: { by: "nobody", at: new Date(0).toISOString() },
    };
    await writeFile(join(aside, "records", "planted.json"), JSON.stringify(record));

    // The next writer recovers staging under its lock.
    expect(await remove(roots, "pair-b")).toMatchObject({ ok: true });
    expect((await roots.managed.list()).map((entry) => entry.name)).toEqual(["pair-a"]);
    expect(await readdir(join(roots.managedDir, ".records"))).toEqual(["pair-a.json"]);
    expect(await readdir(join(roots.managedDir, ".staging"))).toEqual([]);
  });
});
