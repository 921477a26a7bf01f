// A directory swapped for a symbolic link and back, over and over, by a child
// process: the race an attacker who can write a store runs against a reader
// that checks a path and then opens it. Node has no renameat2, so each swap
// is two renames (the real directory out to a stash, the link in; then the
// link out, the directory back), which leaves the link in place about half
// of the time. The loop is bounded by a count, and stops early when told to;
// nothing is timed.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** A running swap loop: `stop()` ends it and answers how many swaps it made. */
export type SwapLoop = { stop(): Promise<number> };

const CHILD = `
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
  await turn();
}
process.stdout.write(String(swaps));
`;

/**
 * Swaps each directory of `targets` with a link to its `outside` twin, in a
 * child process, until `stop()` or `most` rounds. Each target is left as the
 * real directory when the loop ends. Stashes are made in `scratch`, which
 * must be on the same file system as the targets.
 */
export async function startSwapLoop(
  targets: readonly { target: string; outside: string }[],
  scratch: string,
  most = 5_000_000,
): Promise<SwapLoop> {
  const pairs = targets.map(({ target, outside }, index) => {
    const stash = join(scratch, `swap-${index}`);
    mkdirSync(stash, { recursive: true });
    const link = join(stash, "link");
    symlinkSync(outside, link);
    return { target, real: join(stash, "real"), link };
  });
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", CHILD, JSON.stringify([pairs, most])],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    out += chunk;
  });
  await once(child, "spawn");
  return {
    async stop(): Promise<number> {
      const exited = once(child, "exit");
      child.stdin.end("stop\n");
      const [code] = await exited;
      if (code !== 0) throw new Error(`the swap loop failed (exit ${code})`);
      return Number(out);
    },
  };
}
