// The command line itself: help on every command, the version, and usage
// errors (exit 2 with the command's usage on stderr, nothing on stdout).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runBin } from "./support/run.js";

const commands = ["check", "import", "digest", "list", "show", "remove", "payload", "limits"];

describe("help and version", () => {
  it.each(commands)("%s --help prints its usage and exits 0", async (command) => {
    const run = await runBin([command, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: skillshelf ${command} `));
    expect(run.stdout).toContain("--json");
    expect(run.stdout).toContain("--data <dir>");
    expect(run.stderr).toBe("");
  });

  it("the program's --help lists every command and the exit codes", async () => {
    const run = await runBin(["--help"]);
    expect(run.code).toBe(0);
    for (const command of commands) expect(run.stdout).toContain(`  ${command} `);
    expect(run.stdout).toContain("0 ok, 1 refused, 2 usage, 3 internal error");
  });

  it("--version and -v print the package's version", async () => {
    const { version } = JSON.parse(
      readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    ) as { version: string };
    for (const flag of ["--version", "-v"]) {
      expect(await runBin([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    }
  });

  it.each(commands)(
    "help %s prints the same help as %s --help, examples included",
    async (command) => {
      const run = await runBin(["help", command]);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe((await runBin([command, "--help"])).stdout);
      expect(run.stdout).toMatch(/\nExamples:\n {2}\$ .*skillshelf /);
    },
  );

  it("a mistyped command gets a suggestion and the usage line, not the whole help", async () => {
    const run = await runBin(["chek", "bundle"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("unknown command 'chek'");
    expect(run.stderr).toContain("(Did you mean check?)");
    expect(run.stderr).toContain("see 'skillshelf help'");
    expect(run.stderr).not.toContain("Options:");
    expect(run.stderr.trim().split("\n").length).toBeLessThanOrEqual(4);
  });
});

describe("usage errors exit 2 with the usage on stderr", () => {
  const cases = [
    { name: "no command", args: [], usage: "Usage: skillshelf [options] [command]" },
    { name: "unknown command", args: ["frobnicate"], usage: "Usage: skillshelf [options]" },
    { name: "missing <source>", args: ["check"], usage: "Usage: skillshelf check" },
    { name: "missing <id>", args: ["show"], usage: "Usage: skillshelf show" },
    { name: "unknown option", args: ["list", "--colour"], usage: "Usage: skillshelf list" },
    { name: "excess argument", args: ["remove", "a", "b"], usage: "Usage: skillshelf remove" },
    {
      name: "--out without a value",
      args: ["payload", "--out"],
      usage: "Usage: skillshelf payload",
    },
    {
      name: "--name on a file source",
      args: ["check", "bundle.tgz", "--name", "x"],
      usage: "Usage: skillshelf check",
    },
  ];

  it.each(cases)("$name", async ({ args, usage }) => {
    const run = await runBin(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(usage);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("a usage error names what is wrong before the usage", async () => {
    const run = await runBin(["import", "--replace"]);
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe("error: missing required argument 'source'");
  });
});

describe("commands that do not exist", () => {
  it.each([
    [["help", "nosuch"], "no command 'nosuch' to show help for"],
    [["help", "chek"], "(Did you mean check?)"],
    [["version"], "(Did you mean --version?)"],
  ])("%j exits 2 with a suggestion", async (args, expected) => {
    const run = await runBin(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(expected);
    expect(run.stderr).not.toContain("verify");
  });
});
