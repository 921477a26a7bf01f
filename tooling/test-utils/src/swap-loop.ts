// A directory swapped for a symbolic link and back, over and over, by a child
// process: the race an attacker who can write a store runs against a reader
// that checks a path and then opens it. Two ways to swap:
// - "exchange": renameat2(RENAME_EXCHANGE), through Python's ctypes (Node has
//   no renameat2). The path always exists, as the directory or as the link,
//   and flips atomically: a reader never sees it missing, only the wrong one.
// - "renames": two plain renames each way (the directory out to a stash, the
//   link in; then back), which leaves the path missing for a moment too.
// The loop is bounded by a count, and stops early when told to; nothing is
// timed.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** A running swap loop: `stop()` ends it and answers how many swaps it made. */
export type SwapLoop = { stop(): Promise<number> };

export type SwapWay = "exchange" | "renames";

const RENAMES = `
const { renameSync } = await import("node:fs");
const [pairs, most] = JSON.parse(process.argv[1]);
let swaps = 0;
let stopping = false;
process.stdin.on("data", () => { stopping = true; });
process.stdin.resume();
const turn = () => new Promise((resolve) => setImmediate(resolve));
while (!stopping && swaps < most) {
  for (let i = 0; i < 200; i++) {
    for (const { target, real, link } of pairs) {
      renameSync(target, real);
      renameSync(link, target);
      renameSync(target, link);
      renameSync(real, target);
    }
    swaps += 1;
  }
  if (swaps === 200) process.stdout.write("+");
  await turn();
}
process.stdout.write(String(swaps));
`;

// Exits 3 when the kernel or the file system has no RENAME_EXCHANGE, so the
// caller says so instead of counting swaps that never happened.
const EXCHANGE = `
import ctypes, json, os, select, sys
libc = ctypes.CDLL(None, use_errno=True)
AT_FDCWD, RENAME_EXCHANGE = -100, 2
pairs, most = json.loads(sys.argv[1])
def exchange(a, b):
    if libc.renameat2(AT_FDCWD, a.encode(), AT_FDCWD, b.encode(), RENAME_EXCHANGE) != 0:
        err = ctypes.get_errno()
        sys.stderr.write("renameat2(RENAME_EXCHANGE): " + os.strerror(err) + "\\n")
        sys.exit(3)
swaps = 0
while swaps < most and not select.select([sys.stdin], [], [], 0)[0]:
    for _ in range(200):
        for pair in pairs:
            exchange(pair["target"], pair["link"])
            exchange(pair["target"], pair["link"])
        swaps += 1
    if swaps == 200:
        sys.stdout.write("+")
        sys.stdout.flush()
sys.stdout.write(str(swaps))
`;

/**
 * Swaps each directory of `targets` with a link to its `outside` twin, in a
 * child process, until `stop()` or `most` rounds. Each target is left as the
 * real directory when the loop ends. Stashes are made in `scratch`, which
 * must be on the same file system as the targets. It answers once the child
 * has made its first 200 swaps, so no read a caller makes afterwards can
 * finish before the race has begun.
 */
export async function startSwapLoop(
  targets: readonly { target: string; outside: string }[],
  scratch: string,
  options: { way?: SwapWay; most?: number } = {},
): Promise<SwapLoop> {
  const { way = "renames", most = 5_000_000 } = options;
  const pairs = targets.map(({ target, outside }, index) => {
    const stash = join(scratch, `swap-${index}`);
    mkdirSync(stash, { recursive: true });
    const link = join(stash, "link");
    symlinkSync(outside, link);
    return { target, real: join(stash, "real"), link };
  });
  const child =
    way === "exchange"
      ? spawn("python3", ["-c", EXCHANGE, JSON.stringify([pairs, most])], {
          stdio: ["pipe", "pipe", "pipe"],
        })
      : spawn(
          process.execPath,
          ["--input-type=module", "-e", RENAMES, JSON.stringify([pairs, most])],
          {
            stdio: ["pipe", "pipe", "pipe"],
          },
        );
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = once(child, "exit");
  const begun = new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    void exited.then(([code]) =>
      reject(new Error(`the swap loop (${way}) ended before it began (exit ${code}): ${err}`)),
    );
  });
  await begun;
  return {
    async stop(): Promise<number> {
      if (child.exitCode === null) child.stdin.end("stop\n");
      const [code] = await exited;
      if (code !== 0) throw new Error(`the swap loop (${way}) failed (exit ${code}): ${err}`);
      return Number(out.replace(/^\+/, ""));
    },
  };
}
