// Reader benchmarks over zips: the zip at the limits (the same bundle as the
// .tar.gz, one deflated member per file) against inflating each member and
// checking it is UTF-8, and the overlapping zip bomb (1,000 central records
// sharing one member of 64 MiB of zeros, 64 GiB claimed) against inflating
// the 64 MiB the limit allows, with the peak memory of a fresh process.

import { inflateAndCheckMembers, inflateUpTo } from "../baselines/inflate.mjs";
import { ensureLimitZip, ensureZipBomb, readInput } from "../gen/inputs.mjs";
import { expectEqual, expectRefusal, expectSkills } from "../lib/expect.mjs";
import { bombPeakRow, measureFreshPeak } from "../lib/fresh-peak.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";

const MiB = 2 ** 20;

async function loadReader() {
  const loaded = await loadPackage("bundle-reader", ["readBundle", "limits"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.module;
}

async function measureZip() {
  const { readBundle } = await loadReader();
  const bytes = await readInput(await ensureLimitZip());
  const figures = await compareContenders(
    [
      {
        name: "readBundle",
        run: () => readBundle({ kind: "archive", bytes, name: "limit" }),
        check: (result) => expectSkills(result, 50, "readBundle"),
      },
      {
        name: "inflate+isUtf8",
        run: () => inflateAndCheckMembers(bytes),
        check: (count) => expectEqual(count, 5_000, "inflate baseline"),
      },
      {
        name: "inflate+isUtf8, kept",
        run: () => inflateAndCheckMembers(bytes, "bytes"),
        check: (count) => expectEqual(count, 5_000, "inflate+keep baseline"),
      },
      {
        name: "inflate+isUtf8+decode",
        run: () => inflateAndCheckMembers(bytes, "text"),
        check: (count) => expectEqual(count, 5_000, "inflate+decode baseline"),
      },
    ],
    { warmup: 1, rounds: scaleRounds(7) },
  );
  const subject = figures.readBundle.median;
  const baseline = figures["inflate+isUtf8"].median;
  return [
    createRatioRow({
      bench: "reader/zip",
      measure: `readBundle(.zip, ${(bytes.length / MiB).toFixed(1)} MiB -> 61 MiB, 5,000 files) / (inflate each member + isUtf8)`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 1.25 },
      note: `the reader also checks the layout, local headers and each member's CRC-32; keeping every member's bytes (as a reader that returns them must), the floor is ${formatMs(figures["inflate+isUtf8, kept"].median)} (ratio ${(subject / figures["inflate+isUtf8, kept"].median).toFixed(2)} against it); keeping each decoded to a string, ${formatMs(figures["inflate+isUtf8+decode"].median)} (ratio ${(subject / figures["inflate+isUtf8+decode"].median).toFixed(2)})`,
      figures,
    }),
  ];
}

async function measureZipBomb() {
  const { readBundle, limits } = await loadReader();
  const limit = limits().maxBytes;
  const archive = await ensureZipBomb();
  const bytes = await readInput(archive);
  const kernelAt = 30 + bytes.readUInt16LE(26) + bytes.readUInt32LE(18);
  const figures = await compareContenders(
    [
      {
        name: "readBundle",
        run: () => readBundle({ kind: "archive", bytes, name: "bomb" }),
        check: (result) => expectRefusal(result, "corrupt-archive", "readBundle"),
      },
      {
        name: "inflate 64 MiB",
        run: () => inflateUpTo(bytes, kernelAt, limit),
        check: (produced) => expectEqual(produced, limit, "inflate baseline"),
      },
    ],
    { warmup: 1, rounds: scaleRounds(7) },
  );
  const read = await measureFreshPeak(archive, "read");
  expectEqual(read.outcome, "corrupt-archive", "readBundle in the child");
  const idle = await measureFreshPeak(archive, "idle");
  const subject = figures.readBundle.median;
  const baseline = figures["inflate 64 MiB"].median;
  return [
    createRatioRow({
      bench: "reader/zip-bomb",
      measure:
        "time to refuse an overlapping zip bomb (1,000 records sharing 64 MiB, 64 GiB claimed) / time to inflate 64 MiB of it",
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 1.5 },
      note: "refused by the layout check, before anything is inflated",
      figures,
    }),
    bombPeakRow({
      bench: "reader/zip-bomb",
      measure: "peak RSS of a fresh process refusing the overlapping zip bomb",
      read,
      idle,
    }),
  ];
}

export const readerZipBenchmarks = [
  { name: "reader/zip", title: ".zip at the limits vs inflate + isUtf8", run: measureZip },
  {
    name: "reader/zip-bomb",
    title: "overlapping zip bomb: refusal time and peak RSS",
    run: measureZipBomb,
  },
];
