// @module-tag heavy
// A host over stdio that writes thousands of reads and does not read the
// answers (serve-stdio.mjs, the built package, in a child process): the
// server answers at most MAX_IN_FLIGHT at once and stops reading stdin while
// its answers wait, so its resident memory stays near what it was, not the
// 310 MiB of answers asked for; once the host reads, every answer arrives,
// in full and in order of the requests it was sent.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { writeTree } from "@skillshelf/test-utils";
import { expect, it, onTestFinished } from "vitest";
import { makeShelf } from "./support/shelf.js";

const SCRIPT = fileURLToPath(new URL("./support/serve-stdio.mjs", import.meta.url));
const READS = 5_000;
const FILE_BYTES = 65_536;
/** 5,000 answers of 64 KiB held at once would be over 300 MiB; 64 in flight are a few MiB. */
const GROWTH_BOUND_MIB = 96;

function residentMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

it("holds a host that does not read its answers to a bounded memory, and answers every read once it does", async () => {
  const shelf = await makeShelf();
  const files: Record<string, string> = {
    "SKILL.md": "---\nname: big\ndescription: Eight references of 64 KiB\n---\n\n# big\n",
  };
  for (let i = 0; i < 8; i++) files[`references/part-${i}.md`] = String(i).repeat(FILE_BYTES);
  writeTree(join(shelf.builtin, "big"), files);
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const child = spawn(process.execPath, [SCRIPT, shelf.builtin, shelf.managedDir], {
    env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  onTestFinished(() => {
    child.kill("SIGKILL");
  });
  const lines = createInterface({ input: child.stdout });
  const answers: { id: number; size: number }[] = [];
  let reading = false;
  const waiting: string[] = [];
  lines.on("line", (line) => {
    if (reading) {
      const message = JSON.parse(line) as { id: number; result?: { contents: { text: string }[] } };
      answers.push({ id: message.id, size: message.result?.contents[0]?.text.length ?? -1 });
    } else waiting.push(line);
  });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "never-reads", version: "0" },
    },
  });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await expect.poll(() => waiting.length, { timeout: 20_000 }).toBe(1);
  // From here on nothing is read from the server until the memory is measured.
  child.stdout.pause();
  lines.pause();
  const before = residentMiB(child.pid!);
  writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
  for (let i = 1; i <= READS; i++) {
    send({
      jsonrpc: "2.0",
      id: i,
      method: "resources/read",
      params: { uri: `skill://big/references/part-${i % 8}.md` },
    });
  }
  // Until the server has taken what it will: its memory no longer moves.
  let last = -1;
  await expect
    .poll(
      () => {
        const now = residentMiB(child.pid!).rss;
        const settled = Math.abs(now - last) < 1;
        last = now;
        return settled;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  const held = residentMiB(child.pid!);
  console.log(
    `5,000 unread answers: resident ${before.rss.toFixed(0)} -> peak ${held.peak.toFixed(0)} MiB`,
  );
  expect(held.peak - before.rss).toBeLessThan(GROWTH_BOUND_MIB);

  reading = true;
  lines.resume();
  child.stdout.resume();
  await expect.poll(() => answers.length, { timeout: 60_000, interval: 200 }).toBe(READS);
  expect(answers.map((answer) => answer.id)).toEqual(
    Array.from({ length: READS }, (_, i) => i + 1),
  );
  expect(answers.every((answer) => answer.size === FILE_BYTES)).toBe(true);
});
