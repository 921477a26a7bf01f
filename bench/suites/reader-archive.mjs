// Reader benchmarks over archive bytes: the .tar.gz at the limits against
// gunzip + UTF-8 checks, the 10,000-entry tar against plain listing loops of
// three tar libraries, and the gzip bomb against inflating up to the limit
// (with peak memory measured in a child process of its own).

import { gunzipSync } from "node:zlib";
import {
  gunzipAndCheckMembers,
  gunzipCheckAndDecode,
  gunzipSyncAndCheckMembers,
  gunzipUpTo,
  listMembers,
} from "../baselines/gunzip.mjs";
import { listWithNanotar, listWithNodeTar, listWithTarStream } from "../baselines/tar-listing.mjs";
import { ensureBomb, ensureLimitTgz, ensureTinyTar, readInput } from "../gen/inputs.mjs";
import { expectEqual, expectRefusal, expectSkills } from "../lib/expect.mjs";
import { bombPeakRow, measureFreshPeak } from "../lib/fresh-peak.mjs";
import { compareContenders, pickFastest, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";

const MiB = 2 ** 20;

async function loadReader() {
  const loaded = await loadPackage("bundle-reader", ["readBundle", "limits"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.module;
}

async function measureTgz() {
  const { readBundle } = await loadReader();
  const bytes = await readInput(await ensureLimitTgz());
  const members = listMembers(bytes);
  const figures = await compareContenders(
    [
      {
        name: "readBundle",
        run: () => readBundle({ kind: "archive", bytes, name: "limit" }),
        check: (result) => expectSkills(result, 50, "readBundle"),
      },
      {
        name: "gunzip+isUtf8",
        run: () => gunzipAndCheckMembers(bytes, members),
        check: (count) => expectEqual(count, 5_000, "gunzip baseline"),
      },
      {
        name: "gunzip 256 KiB+isUtf8",
        run: () => gunzipAndCheckMembers(bytes, members, 256 * 1024),
        check: (count) => expectEqual(count, 5_000, "gunzip 256 KiB baseline"),
      },
      {
        name: "gunzipSync+isUtf8",
        run: async () => gunzipSyncAndCheckMembers(bytes, members),
        check: (count) => expectEqual(count, 5_000, "gunzipSync baseline"),
      },
      {
        name: "gunzip+isUtf8+decode",
        run: () => gunzipCheckAndDecode(bytes, members),
        check: (count) => expectEqual(count, 5_000, "gunzip+decode baseline"),
      },
    ],
    { warmup: 1, rounds: scaleRounds(7) },
  );
  const subject = figures.readBundle.median;
  const fastest = pickFastest(figures, [
    "gunzip+isUtf8",
    "gunzip 256 KiB+isUtf8",
    "gunzipSync+isUtf8",
  ]);
  return [
    createRatioRow({
      bench: "reader/tgz",
      measure: `readBundle(.tar.gz, ${(bytes.length / MiB).toFixed(1)} MiB -> 61 MiB, 5,000 files) / fastest (${fastest.name})`,
      subject: formatMs(subject),
      baseline: formatMs(fastest.ms),
      ratio: subject / fastest.ms,
      target: { max: 1.2 },
      note: `streaming gunzip + isUtf8 ${formatMs(figures["gunzip+isUtf8"].median)} (1 MiB chunks, as the reader's), ${formatMs(figures["gunzip 256 KiB+isUtf8"].median)} (256 KiB chunks), gunzipSync + isUtf8 ${formatMs(figures["gunzipSync+isUtf8"].median)}; with a decode of every member to a string (no longer the reader's work) ${formatMs(figures["gunzip+isUtf8+decode"].median)}`,
      figures,
    }),
  ];
}

async function measureTinyTar() {
  const { readBundle } = await loadReader();
  const bytes = await readInput(await ensureTinyTar());
  const files = 9_900;
  const expectFiles = (what) => (count) => expectEqual(count, files, what);
  const figures = await compareContenders(
    [
      {
        name: "readBundle",
        run: () => readBundle({ kind: "archive", bytes, name: "tiny" }),
        check: (result) => expectSkills(result, 100, "readBundle"),
      },
      { name: "tar-stream", run: () => listWithTarStream(bytes), check: expectFiles("tar-stream") },
      { name: "node-tar", run: () => listWithNodeTar(bytes), check: expectFiles("node-tar") },
      { name: "nanotar", run: () => listWithNanotar(bytes), check: expectFiles("nanotar") },
    ],
    { warmup: 2, rounds: scaleRounds(11) },
  );
  const listings = ["tar-stream", "node-tar", "nanotar"];
  const fastest = pickFastest(figures, listings);
  const rate = (ms) => `${Math.round(files / (ms / 1000)).toLocaleString("en-US")} files/s`;
  return [
    createRatioRow({
      bench: "reader/tar-10k",
      measure: `readBundle files/s over fastest plain listing (${fastest.name}), 10,000 entries`,
      subject: rate(figures.readBundle.median),
      baseline: rate(fastest.ms),
      ratio: fastest.ms / figures.readBundle.median,
      target: { min: 1.0 },
      note: `listing loops: ${listings.map((name) => `${name} ${formatMs(figures[name].median)}`).join(", ")}; readBundle ${formatMs(figures.readBundle.median)}`,
      figures,
    }),
  ];
}

async function measureBombOf(members, label, readBundle, limit) {
  const archive = await ensureBomb(members);
  const bytes = await readInput(archive);
  const figures = await compareContenders(
    [
      {
        name: "readBundle",
        run: () => readBundle({ kind: "archive", bytes, name: "bomb" }),
        check: (result) => expectRefusal(result, "too-large", "readBundle"),
      },
      {
        name: "gunzip 64 MiB",
        run: () => gunzipUpTo(bytes, limit),
        check: (produced) => expectEqual(produced >= limit, true, "gunzip baseline"),
      },
    ],
    { warmup: 1, rounds: scaleRounds(7) },
  );
  const read = await measureFreshPeak(archive, "read");
  expectEqual(read.outcome, "too-large", "readBundle in the child");
  const idle = await measureFreshPeak(archive, "idle");
  const subject = figures.readBundle.median;
  const baseline = figures["gunzip 64 MiB"].median;
  return [
    createRatioRow({
      bench: "reader/gzip-bomb",
      measure: `time to refuse a 1 GiB gzip bomb (${label}) / time to gunzip 64 MiB of it`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 1.5 },
      figures,
    }),
    bombPeakRow({
      bench: "reader/gzip-bomb",
      measure: `peak RSS of a fresh process refusing the bomb (${label})`,
      read,
      idle,
    }),
  ];
}

async function measureBomb() {
  const { readBundle, limits } = await loadReader();
  const limit = limits().maxBytes;
  return [
    ...(await measureBombOf(1, "one member claiming 1 GiB", readBundle, limit)),
    ...(await measureBombOf(1024, "1,024 members of 1 MiB", readBundle, limit)),
  ];
}

/** Peak RSS of a fresh process reading the limit .tar.gz, against 2.5 times its expanded size. */
async function measureMemory() {
  const archive = await ensureLimitTgz();
  const expanded = gunzipSync(await readInput(archive)).length;
  const read = await measureFreshPeak(archive, "read");
  expectEqual(read.outcome, "accepted", "readBundle of the limit .tar.gz in the child");
  const idle = await measureFreshPeak(archive, "idle");
  const ratio = read.peak / expanded;
  return [
    createRatioRow({
      bench: "reader/memory",
      measure: `peak RSS of a fresh process reading the limit .tar.gz / its expanded size (${(expanded / MiB).toFixed(1)} MiB)`,
      subject: `${(read.peak / MiB).toFixed(0)} MiB`,
      baseline: `${(expanded / MiB).toFixed(1)} MiB expanded`,
      ratio,
      target: { max: 2.5 },
      note: `VmHWM, median of 3; the same process loading the reader and the bytes without reading peaks at ${(idle.peak / MiB).toFixed(0)} MiB`,
      figures: { read, idle, expanded },
    }),
  ];
}

export const readerArchiveBenchmarks = [
  { name: "reader/tgz", title: ".tar.gz at the limits vs gunzip + isUtf8", run: measureTgz },
  { name: "reader/tar-10k", title: "10,000-entry tar vs plain listing loops", run: measureTinyTar },
  {
    name: "reader/gzip-bomb",
    title: "1 GiB gzip bomb: refusal time and peak RSS",
    run: measureBomb,
  },
  {
    name: "reader/memory",
    title: "peak RSS of readBundle of the limit .tar.gz in a fresh process",
    run: measureMemory,
  },
];
