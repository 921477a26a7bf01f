// Server benchmarks over real HTTP on 127.0.0.1: importing the .tar.gz at
// the limits through POST /api/imports against readBundle + install in this
// process, and four clients importing distinct 1 MiB bundles for a while
// (imports per second, latency and its spread per client, the server's peak
// RSS), and the import gate while four clients dribble a byte a second.
// The server's memory under four imports of the limit bundle at once is in
// server-import-memory.mjs, the views of one big skill in server-views.mjs.

import { mkdir } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describeBundle } from "../gen/bundles.mjs";
import { ensureLimitTgz, readInput } from "../gen/inputs.mjs";
import { createTar } from "../gen/tar.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { compareContenders, computeMedian, computeQuantile, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, createReportRow, formatMs } from "../lib/report.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";
import { BENCH_TOKEN, postImport, readPeakRss, startServer } from "../lib/server-process.mjs";
import { measureImportMemory } from "./server-import-memory.mjs";
import { measureViews } from "./server-views.mjs";

const MiB = 2 ** 20;

async function requireServer() {
  const loaded = await loadPackage("server", ["buildApp"]);
  if (!loaded.ok) throw new Error(loaded.reason);
}

async function withServer(work) {
  const scratch = await createScratch("server");
  await mkdir(join(scratch, "workspace"), { recursive: true });
  const server = await startServer({
    dataDir: join(scratch, "data"),
    workspaceDir: join(scratch, "workspace"),
  });
  try {
    return await work(server, scratch);
  } finally {
    await server.stop();
    await removeScratch(scratch);
  }
}

function expectImported(answer, count) {
  if (answer.status !== 201)
    throw new Error(`import answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  expectEqual(JSON.parse(answer.body).skills.length, count, "imported skills");
}

async function measureImport() {
  await requireServer();
  const reader = await loadPackage("bundle-reader", ["readBundle"]);
  const catalog = await loadPackage("skill-catalog", ["install", "DirectoryStore"]);
  if (!reader.ok || !catalog.ok) throw new Error(reader.reason ?? catalog.reason);
  const { readBundle } = reader.module;
  const { install, DirectoryStore } = catalog.module;
  const bytes = await readInput(await ensureLimitTgz());
  return withServer(async (server, scratch) => {
    const managedDir = join(scratch, "local", "data", "skills");
    const roots = {
      builtin: join(scratch, "local", "workspace", "skills"),
      managed: new DirectoryStore(managedDir),
    };
    await mkdir(managedDir, { recursive: true });
    const figures = await compareContenders(
      [
        {
          name: "HTTP import",
          run: () => postImport(server.base, bytes),
          check: (a) => expectImported(a, 50),
        },
        {
          name: "readBundle+install",
          run: async () => {
            const read = await readBundle({ kind: "archive", bytes, name: "limit" });
            expectSkills(read, 50, "readBundle");
            return install(roots, read.skills, { replace: true });
          },
          check: (result) => expectSkills(result, 50, "install"),
        },
      ],
      { warmup: 1, rounds: scaleRounds(5) },
    );
    const subject = figures["HTTP import"].median;
    const baseline = figures["readBundle+install"].median;
    return [
      createRatioRow({
        bench: "server/import",
        measure: `POST /api/imports of the ${(bytes.length / MiB).toFixed(1)} MiB .tar.gz (61 MiB expanded) / readBundle + install in-process`,
        subject: formatMs(subject),
        baseline: formatMs(baseline),
        ratio: subject / baseline,
        target: { max: 1.3 },
        note: "both replace the same 50 skills each round (the warm-up run installs them first)",
        figures,
      }),
    ];
  });
}

/** Four distinct ~1 MiB bundles (expanded), gzip'd: client k imports skills load-ck-*. */
function createLoadBundles(clients) {
  return Array.from({ length: clients }, (_, k) => {
    const entries = describeBundle({
      seed: 100 + k,
      prefix: `load-c${k}`,
      skills: 4,
      filesPerSkill: 25,
      minBytes: 2_000,
      maxBytes: 18_000,
      directories: true,
    });
    const tar = createTar(entries);
    return { tar: tar.length, bytes: gzipSync(tar) };
  });
}

async function driveClient(base, bytes, deadline, tally, client) {
  tally.perClient[client] = 0;
  while (performance.now() < deadline) {
    const answer = await postImport(base, bytes);
    if (answer.status === 503) {
      tally.busy += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    expectImported(answer, 4);
    tally.latencies.push(answer.ms);
    tally.perClient[client] += 1;
  }
}

async function measureLoad({ loadSeconds }) {
  await requireServer();
  const clients = 4;
  const bundles = createLoadBundles(clients);
  return withServer(async (server) => {
    for (const bundle of bundles) expectImported(await postImport(server.base, bundle.bytes), 4);
    const tally = { latencies: [], busy: 0, perClient: [] };
    const start = performance.now();
    const deadline = start + loadSeconds * 1000;
    await Promise.all(
      bundles.map((bundle, client) =>
        driveClient(server.base, bundle.bytes, deadline, tally, client),
      ),
    );
    const elapsed = (performance.now() - start) / 1000;
    const peak = await readPeakRss(server.pid);
    const rate = tally.latencies.length / elapsed;
    const figures = {
      seconds: elapsed,
      imports: tally.latencies.length,
      busy: tally.busy,
      perClient: tally.perClient,
      p50: computeMedian(tally.latencies),
      p90: computeQuantile(tally.latencies, 0.9),
      p99: computeQuantile(tally.latencies, 0.99),
      max: Math.max(...tally.latencies),
      peakRssBytes: peak,
      bundleTarBytes: bundles.map((b) => b.tar),
      bundleGzipBytes: bundles.map((b) => b.bytes.length),
    };
    const context = `${clients} clients, ${elapsed.toFixed(0)} s, ${figures.imports} imports of ~${(bundles[0].tar / MiB).toFixed(2)} MiB (100 files, gzip'd to ${(bundles[0].bytes.length / 1024).toFixed(0)} KiB) with replace=1, ${figures.busy} answered 503 and retried; imports per client ${tally.perClient.join(", ")}`;
    return [
      createReportRow({
        bench: "server/load",
        measure: "imports per second under 4 parallel clients",
        subject: `${rate.toFixed(1)} imports/s`,
        note: context,
        figures,
      }),
      createReportRow({
        bench: "server/load",
        measure: "import latency under load (p50 / p99)",
        subject: `p99 ${formatMs(figures.p99)}`,
        baseline: `p50 ${formatMs(figures.p50)}`,
        note: `p90 ${formatMs(figures.p90)}, slowest ${formatMs(figures.max)}, over ${figures.imports} imports; p99/p50 ${(figures.p99 / figures.p50).toFixed(1)}; imports per client ${tally.perClient.join(", ")}`,
      }),
      createReportRow({
        bench: "server/load",
        measure: "server peak RSS (VmHWM) over start-up and the load run",
        subject: peak === null ? "unavailable" : `${(peak / MiB).toFixed(0)} MiB`,
      }),
    ];
  });
}

/** Opens an import and sends one byte a second; resolves with the status the server answers and when. */
function dribbleImport(base, started) {
  const { hostname, port, host } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST /api/imports?dry_run=1 HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${BENCH_TOKEN}\r\ncontent-type: application/x-tar\r\ncontent-length: 1000000\r\n\r\n`,
      );
    });
    const timer = setInterval(() => socket.write("x"), 1000);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.once("close", () => {
      clearInterval(timer);
      resolve({ status: Number(answer.split(" ")[1]), ms: performance.now() - started });
    });
  });
}

async function measureSlowUploads() {
  await requireServer();
  const [bundle] = createLoadBundles(1);
  return withServer(async (server) => {
    const started = performance.now();
    const dribbles = Array.from({ length: 4 }, () => dribbleImport(server.base, started));
    await new Promise((resolve) => setTimeout(resolve, 500));
    let turnedAway = 0;
    let admitted;
    for (;;) {
      const answer = await postImport(server.base, bundle.bytes);
      if (answer.status !== 503) {
        expectImported(answer, 4);
        admitted = performance.now() - started;
        break;
      }
      turnedAway += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cut = await Promise.all(dribbles);
    for (const answer of cut) expectEqual(answer.status, 408, "a dribbling upload's answer");
    const slowest = Math.max(...cut.map((answer) => answer.ms));
    return [
      createReportRow({
        bench: "server/slow-uploads",
        measure: "an import admitted while 4 clients dribble 1 byte/s (gate of 4)",
        subject: `after ${formatMs(admitted)}`,
        baseline: `dribblers cut (408) by ${formatMs(slowest)}`,
        note: `the minimum rate is 8 KiB/s over 10 s windows; ${turnedAway} attempts answered 503 before a slot freed`,
        figures: { admittedMs: admitted, slowestCutMs: slowest, turnedAway },
      }),
    ];
  });
}

export const serverBenchmarks = [
  { name: "server/import", title: "60 MiB import over HTTP vs in-process", run: measureImport },
  {
    name: "server/import-memory",
    title: "server peak RSS with 4 concurrent imports of the 60 MiB bundle",
    run: measureImportMemory,
  },
  { name: "server/load", title: "4 parallel clients importing 1 MiB bundles", run: measureLoad },
  {
    name: "server/slow-uploads",
    title: "the import gate while 4 clients dribble a byte a second",
    run: measureSlowUploads,
  },
  { name: "server/views", title: "32 concurrent views of a 60 MB skill", run: measureViews },
];
