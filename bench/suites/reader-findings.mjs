// findings/60mib: the findings' cost on the .tar.gz at the limits (50
// skills, 5,000 files, 61 MiB of generated Markdown with accented words,
// CJK and emoji): reading the bundle alone against reading it and drawing
// every skill's findings. The findings must add at most 10% to the read.

import { ensureLimitTgz, readInput } from "../gen/inputs.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { computeMedian, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";

const MiB = 2 ** 20;

/**
 * Each round reads the bundle, then draws the findings of what it read, and
 * times both: on a shared machine a read's time swings by half between
 * rounds, so the two are compared within each round rather than as two
 * medians of separate runs.
 */
async function measureFindings() {
  const loaded = await loadPackage("bundle-reader", ["readBundle", "findingsOf"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const { readBundle, findingsOf } = loaded.module;
  const bytes = await readInput(await ensureLimitTgz());
  const reads = [];
  const totals = [];
  const rounds = scaleRounds(7);
  for (let round = -1; round < rounds; round += 1) {
    globalThis.gc?.();
    const start = performance.now();
    const result = await readBundle({ kind: "archive", bytes, name: "limit" });
    const read = performance.now();
    expectSkills(result, 50, "readBundle");
    const findings = result.skills.flatMap((skill) => findingsOf(skill));
    const done = performance.now();
    expectEqual(findings.length, 0, "findings of the generated bundle");
    if (round < 0) continue; // warm-up
    reads.push(read - start);
    totals.push(done - start);
  }
  const ratios = totals.map((total, i) => total / reads[i]);
  const subject = computeMedian(totals);
  const baseline = computeMedian(reads);
  const findingsMs = computeMedian(totals.map((total, i) => total - reads[i]));
  return [
    createRatioRow({
      bench: "findings/60mib",
      measure: `readBundle + findingsOf / readBundle (.tar.gz, ${(bytes.length / MiB).toFixed(1)} MiB -> 61 MiB, 5,000 files), per round`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: computeMedian(ratios),
      target: { max: 1.1 },
      note: `findingsOf over the 50 skills just read: ${formatMs(findingsMs)} (median); per-round ratios ${ratios.map((r) => r.toFixed(3)).join(", ")}`,
      figures: {
        readBundle: { median: baseline, samples: reads },
        "readBundle+findingsOf": { median: subject, samples: totals },
      },
    }),
  ];
}

export const readerFindingsBenchmarks = [
  {
    name: "findings/60mib",
    title: "findings over the .tar.gz at the limits vs reading it alone",
    run: measureFindings,
  },
];
