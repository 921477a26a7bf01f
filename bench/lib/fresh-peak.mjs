// Peak memory of the reader in a process of its own: the archive read (or,
// with "idle", only loaded with the reader) by bench/child/peak-rss.mjs,
// three times, and the median VmHWM kept; and the report row of a bomb's
// peak against that idle floor and the 160 MiB bound. Shared by the gzip and
// zip bomb benchmarks and reader/memory.

import { join } from "node:path";
import { runNodeForJson } from "./child.mjs";
import { computeMedian } from "./measure.mjs";
import { locatePackage } from "./packages.mjs";
import { createReportRow } from "./report.mjs";

const MiB = 2 ** 20;
const BOMB_PEAK_MIB = 160;

/** Median peak RSS of three fresh processes doing `mode` ("read" or "idle") with `archive`. */
export async function measureFreshPeak(archive, mode) {
  const readerPath = join(locatePackage("bundle-reader"), "dist", "index.js");
  const childPath = new URL("../child/peak-rss.mjs", import.meta.url).pathname;
  const peaks = [];
  let outcome = "";
  for (let i = 0; i < 3; i += 1) {
    const answer = await runNodeForJson([childPath, readerPath, archive, mode]);
    outcome = answer.outcome;
    peaks.push(answer.vmHwmBytes ?? answer.maxRssBytes);
  }
  return { outcome, peak: computeMedian(peaks), peaks };
}

/** The row of a bomb refused in a fresh process: its peak, the idle floor, the bound. */
export function bombPeakRow({ bench, measure, read, idle }) {
  const peakMiB = read.peak / MiB;
  return {
    ...createReportRow({
      bench,
      measure,
      subject: `${peakMiB.toFixed(0)} MiB`,
      baseline: `${(idle.peak / MiB).toFixed(0)} MiB idle`,
      note: "VmHWM of a fresh node process (median of 3); the baseline column is the same process loading the reader and the bytes without reading",
      figures: { read, idle },
    }),
    target: `<= ${BOMB_PEAK_MIB} MiB`,
    met: peakMiB <= BOMB_PEAK_MIB,
  };
}
