// Piped versus terminal output. Under a pseudo-terminal (util-linux `script`)
// a slow read shows a progress line on stderr and answers are coloured;
// piped, the same command prints neither; NO_COLOR turns colour off on a
// terminal but keeps the progress line. The read is made slow honestly: stdin
// is a FIFO that receives the archive only once the progress line is seen
// (on a terminal) or after a pause well past the progress delay (piped).
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, childEnv, type Run, runBin, runProcess, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, makeTempDir, packFolder } from "./support/trees.js";

const SGR = /\x1b\[[0-9;]*m/;
const PROGRESS = "receiving";
const GIVE_UP_MS = 15_000;

const hasScript = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const quote = (value: string): string => `'${value.replaceAll("'", "'\\''")}'`;

function setUp(): { archive: Uint8Array; args: string[]; dir: string } {
  const dir = makeTempDir();
  const path = packFolder(join(SAMPLE_BUNDLE, ".."), "sample-bundle", join(dir, "sample.tgz"));
  return { archive: readFileSync(path), args: makeRoots().args, dir };
}

/**
 * Runs `check -` under a pseudo-terminal with stdin a FIFO, and feeds the
 * archive once the progress line shows (or after GIVE_UP_MS, so a missing
 * line fails the test instead of hanging it).
 */
function checkOnTerminal(env: Record<string, string> = {}): Promise<Run> {
  const { archive, args, dir } = setUp();
  const fifo = join(dir, "stdin.fifo");
  execFileSync("mkfifo", [fifo]);
  const cli = [process.execPath, BIN, "check", "-", ...args].map(quote).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qec", `${cli} < ${quote(fifo)}`, "/dev/null"], {
      env: childEnv(env),
      stdio: ["pipe", "pipe", "pipe"],
    });
    // Opening the writing end now lets the shell's `< fifo` open, and node start;
    // the bytes follow only once the progress line is on the terminal.
    const writer = open(fifo, "w");
    let stdout = "";
    let fed = false;
    const feed = (): void => {
      if (fed) return;
      fed = true;
      writer
        .then(async (handle) => {
          await handle.writeFile(archive);
          await handle.close();
        })
        .catch(reject);
    };
    const timer = setTimeout(feed, GIVE_UP_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (stdout.includes(PROGRESS)) feed();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: "" });
    });
  });
}

describe("terminal and pipe", () => {
  it("util-linux `script` is there to provide the terminal (Debian: apt-get install bsdutils)", () => {
    expect(hasScript).toBe(true);
  });

  it("on a terminal: a progress line while stdin is slow, then coloured answers", async () => {
    const run = await checkOnTerminal();
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(PROGRESS);
    // The line is drawn in place and erased before the answer.
    expect(run.stdout).toMatch(/\r\x1b\[2K[^\r]*receiving/);
    expect(run.stdout).toMatch(SGR);
    expect(run.stdout).toMatch(/would install\s+\x1b\[1mpdf-tools/);
  });

  it("NO_COLOR on a terminal: the progress line stays, colour goes", async () => {
    const run = await checkOnTerminal({ NO_COLOR: "1" });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(PROGRESS);
    expect(run.stdout).not.toMatch(SGR);
    expect(run.stdout).toMatch(/would install\s+pdf-tools/);
  });

  it("'-' with a terminal on stdin is a usage error, not a wait for input", async () => {
    const { args } = setUp();
    const cli = [process.execPath, BIN, "check", "-", ...args].map(quote).join(" ");
    const run = await runProcess("script", ["-qec", cli, "/dev/null"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("error: '-' reads an archive from stdin; pipe one in");
    expect(run.stdout).toContain("Usage: skillshelf check");
  });

  it("piped: no progress and no colour, however slow stdin is", async () => {
    const { archive, args } = setUp();
    const run = await runBin(["check", "-", ...args], { input: archive, inputDelayMs: 1_500 });
    expect(run.code, run.stderr).toBe(0);
    // Nothing on stderr but the specification's and MCP's warnings for release-notes, uncoloured.
    expect(run.stderr.trimEnd().split("\n")).toEqual([
      expect.stringMatching(/^warning \(missing-frontmatter\): The skill 'release-notes' /),
      "1 warning from the Agent Skills specification; --strict refuses a bundle that draws any",
      expect.stringMatching(/^warning \(mcp-unservable\): The skill 'release-notes' /),
    ]);
    expect(run.stdout).not.toContain("\x1b");
    expect(run.stdout).toMatch(/^would install\s+pdf-tools/m);
  });
});
