// Many consoles viewing one big skill at once: the managed store holds one
// skill of 64 files, 60 MB of text, and 32 clients each do what the console
// does to view it (GET /api/skills/:id for the file list, then the largest
// file streamed from GET /api/skills/:id/files/<path>), all at the same
// time, while /healthz is asked every 100 ms. The figure is the server's
// peak RSS (VmHWM) after that burst against its peak after a single view
// in the same process: before the file list stopped carrying every text,
// this burst took the server to 5.4 GB.

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describeBundle, summarizeEntries, writeFolder } from "../gen/bundles.mjs";
import { expectEqual } from "../lib/expect.mjs";
import { computeQuantile } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";
import { BENCH_TOKEN, readPeakRss, startServer } from "../lib/server-process.mjs";

const MiB = 2 ** 20;
const VIEWERS = 32;
const auth = { authorization: `Bearer ${BENCH_TOKEN}` };

/** One skill, `view-0000`: a short SKILL.md and 63 files of about 0.95 MB each. */
function describeBigSkill() {
  const entries = describeBundle({
    seed: 300,
    prefix: "view",
    skills: 1,
    filesPerSkill: 64,
    minBytes: 900_000,
    maxBytes: 1_000_000,
    directories: false,
  });
  // SKILL.md stays small (the catalog refuses one above 262,144 bytes); the other files are big.
  const skillFile = entries.find((entry) => entry.path.endsWith("/SKILL.md"));
  skillFile.bytes = Buffer.from("# view-0000\n\nA skill with many large reference files.\n");
  return entries;
}

/** What the console does to view a skill; resolves with the bytes received. */
async function viewSkill(base, id) {
  const listed = await fetch(`${base}/api/skills/${id}`, { headers: auth });
  if (listed.status !== 200) throw new Error(`GET /api/skills/${id} answered ${listed.status}`);
  const { files } = await listed.json();
  const largest = files.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const file = await fetch(`${base}/api/skills/${id}/files/${largest.path}`, { headers: auth });
  if (file.status !== 200) throw new Error(`the file answered ${file.status}`);
  let received = 0;
  for await (const chunk of file.body) received += chunk.length;
  expectEqual(received, largest.bytes, "streamed bytes");
  return { files: files.length, received };
}

/** Asks /healthz every 100 ms until `stop()`; resolves with the latencies. */
function pollHealth(base) {
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const answer = await fetch(`${base}/healthz`);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`/healthz answered ${answer.status}`);
      latencies.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return latencies;
  })();
  return {
    stop() {
      running = false;
      return done;
    },
  };
}

export async function measureViews() {
  const loaded = await loadPackage("server", ["buildApp"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const entries = describeBigSkill();
  const { files, bytes } = summarizeEntries(entries);
  const scratch = await createScratch("server-views");
  await mkdir(join(scratch, "workspace"), { recursive: true });
  await writeFolder(entries, join(scratch, "data", "skills"));
  const server = await startServer({
    dataDir: join(scratch, "data"),
    workspaceDir: join(scratch, "workspace"),
  });
  try {
    const one = await viewSkill(server.base, "view-0000");
    expectEqual(one.files, files, "listed files");
    const single = await readPeakRss(server.pid);
    const health = pollHealth(server.base);
    const start = performance.now();
    await Promise.all(Array.from({ length: VIEWERS }, () => viewSkill(server.base, "view-0000")));
    const burstMs = performance.now() - start;
    const latencies = await health.stop();
    const peak = await readPeakRss(server.pid);
    const mib = (value) => (value === null ? "unavailable" : `${(value / MiB).toFixed(0)} MiB`);
    return [
      createRatioRow({
        bench: "server/views",
        measure: `server peak RSS after ${VIEWERS} concurrent views of a ${(bytes / 1e6).toFixed(0)} MB skill (${files} files) / after one view`,
        subject: mib(peak),
        baseline: mib(single),
        ratio: peak === null || single === null ? null : peak / single,
        target: { max: 2 },
        note: `the burst took ${formatMs(burstMs)}; /healthz answered ${latencies.length} times meanwhile, p99 ${formatMs(computeQuantile(latencies, 0.99))}, slowest ${formatMs(Math.max(...latencies))}; before the file list stopped carrying texts this burst reached 5.4 GB`,
        figures: { peak, single, burstMs, healthLatencies: latencies, files, bytes },
      }),
    ];
  } finally {
    await server.stop();
    await removeScratch(scratch);
  }
}
