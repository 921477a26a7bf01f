// Where the roots are when the command line does not say: the workspace is
// the current directory, the data directory comes from SKILLSHELF_DATA, else
// XDG_DATA_HOME, else ~/.local/share. `list --json` reports the roots it used.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeTempDir } from "./support/trees.js";

type Roots = { builtin: string; managed: string };

async function rootsOf(args: string[], env: Record<string, string | undefined>, cwd: string) {
  const run = await runBin(["list", "--json", ...args], { env, cwd });
  expect(run.code, run.stderr).toBe(0);
  return parseJson(run).roots as Roots;
}

describe("default roots", () => {
  it("builtin is <cwd>/skills and managed follows SKILLSHELF_DATA first", async () => {
    const dir = makeTempDir();
    const env = { HOME: dir, XDG_DATA_HOME: join(dir, "xdg"), SKILLSHELF_DATA: join(dir, "own") };
    expect(await rootsOf([], env, dir)).toEqual({
      builtin: join(dir, "skills"),
      managed: join(dir, "own", "skills"),
    });
  });

  it("then $XDG_DATA_HOME/skillshelf", async () => {
    const dir = makeTempDir();
    const env = { HOME: dir, XDG_DATA_HOME: join(dir, "xdg"), SKILLSHELF_DATA: undefined };
    expect((await rootsOf([], env, dir)).managed).toBe(join(dir, "xdg", "skillshelf", "skills"));
  });

  it("then ~/.local/share/skillshelf, ignoring a relative XDG_DATA_HOME", async () => {
    const dir = makeTempDir();
    const env = { HOME: dir, XDG_DATA_HOME: "relative/xdg", SKILLSHELF_DATA: undefined };
    expect((await rootsOf([], env, dir)).managed).toBe(
      join(dir, ".local", "share", "skillshelf", "skills"),
    );
  });

  it("--workspace and --data win, relative to the current directory, before or after the command", async () => {
    const dir = makeTempDir();
    const env = { HOME: dir, SKILLSHELF_DATA: join(dir, "own") };
    const expected = { builtin: join(dir, "ws", "skills"), managed: join(dir, "d", "skills") };
    expect(await rootsOf(["--workspace", "ws", "--data", "d"], env, dir)).toEqual(expected);
    const before = await runBin(["--workspace", "ws", "--data", "d", "list", "--json"], {
      env,
      cwd: dir,
    });
    expect(parseJson(before).roots).toEqual(expected);
  });
});
