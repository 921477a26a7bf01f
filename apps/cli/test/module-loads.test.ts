// What a command loads, pinned: a process answers one command, and `list`
// or `check <folder>` must not load the archive readers (tar, zip, yauzl),
// the git runner, sync, update, the payload package or the MCP server, which
// only other commands use (the shelf and the reader load them when an
// operation or a source needs them). Each command runs as the operator runs
// it, under a hook that records every module the process loads; a tarball
// check shows the hook sees modules loaded late, so an absence means
// something.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runBin, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, makeTempDir, packFolder, skillFile } from "./support/trees.js";

const LOG_LOADS = fileURLToPath(new URL("./support/log-loads.mjs", import.meta.url));

/** The families of modules a command may not need, by where they live. */
const FAMILIES = {
  yauzl: /\/yauzl\//,
  "archive sources":
    /bundle-reader\/(src|dist)\/sources\/(archive|tar-[a-z]+|zip(-[a-z]+)?|gunzip)\.[jt]s$/,
  "git runner": /bundle-reader\/(src|dist)\/sources\/git(-run|-fetch|-tree|-lfs)?\.[jt]s$/,
  "import flow": /shelf\/(src|dist)\/(import-flow|signed-import|recorded-source)\.[jt]s$/,
  "sync and lock checks":
    /shelf\/(src|dist)\/(sync|resolve-set|frozen-held|lock-differences)\.[jt]s$/,
  update: /shelf\/(src|dist)\/update\.[jt]s$/,
  payload: /payload\/(src|dist)\//,
  "MCP server":
    /@modelcontextprotocol\/sdk|mcp\/(src|dist)\/(index|server|methods|stdio|http)\.[jt]s$/,
} as const;

type Family = keyof typeof FAMILIES;

/** Runs `skillshelf ...args` under the load hook; the exit code and every module it loaded. */
async function loadsOf(
  args: readonly string[],
): Promise<{ code: number | null; loaded: string[] }> {
  const log = join(makeTempDir(), "loads.log");
  writeFileSync(log, "");
  const run = await runBin(args, {
    env: { SKILLSHELF_TEST_LOAD_LOG: log, NODE_OPTIONS: `--import=${LOG_LOADS}` },
  });
  return { code: run.code, loaded: readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

const familiesIn = (loaded: readonly string[], families: readonly Family[]): string[] =>
  families.filter((family) => loaded.some((line) => FAMILIES[family].test(line)));

/** A workspace with one builtin skill and a data directory holding the sample bundle's skills. */
async function shelfWithSkills(): Promise<string[]> {
  const { workspace, args } = makeRoots();
  mkdirSync(join(workspace, "skills", "notes"), { recursive: true });
  writeFileSync(join(workspace, "skills", "notes", "SKILL.md"), skillFile("notes", "Take notes."));
  const imported = await runBin(["import", SAMPLE_BUNDLE, ...args]);
  expect(imported.code).toBe(0);
  return args;
}

describe("modules a command loads", () => {
  it("list loads no archive reader, git runner, import flow, sync, update, payload or MCP server", async () => {
    const args = await shelfWithSkills();
    const { code, loaded } = await loadsOf(["list", ...args]);
    expect(code).toBe(0);
    expect(loaded.some((line) => /cli\/dist\/commands\/list\.js$/.test(line))).toBe(true);
    expect(familiesIn(loaded, Object.keys(FAMILIES) as Family[])).toEqual([]);
  });

  it("check of a folder loads the import flow, but no archive reader, git runner, sync, payload or MCP server", async () => {
    const { args } = makeRoots();
    const { code, loaded } = await loadsOf(["check", SAMPLE_BUNDLE, ...args]);
    expect(code).toBe(0);
    expect(familiesIn(loaded, ["import flow"])).toEqual(["import flow"]);
    const unneeded: Family[] = [
      "yauzl",
      "archive sources",
      "git runner",
      "sync and lock checks",
      "update",
      "payload",
      "MCP server",
    ];
    expect(familiesIn(loaded, unneeded)).toEqual([]);
  });

  it("check of a tarball loads the archive reader when it reads one", async () => {
    const { args } = makeRoots();
    const dir = makeTempDir();
    const tarball = packFolder(join(SAMPLE_BUNDLE, ".."), "sample-bundle", join(dir, "b.tgz"));
    const { code, loaded } = await loadsOf(["check", tarball, ...args]);
    expect(code).toBe(0);
    expect(familiesIn(loaded, ["archive sources", "git runner"])).toEqual(["archive sources"]);
  });
});
