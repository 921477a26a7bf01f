// The findings' cost on the .tar.gz at the limits (50 skills, 5,000 files,
// 61 MiB of generated Markdown with accented words, CJK and emoji): reading
// the bundle alone against reading it and drawing every skill's findings.
// The findings must add at most 10% to the read.

import { ensureLimitTgz, readInput } from "../gen/inputs.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";

const MiB = 2 ** 20;

async function measureFindings() {
  const loaded = await loadPackage("bundle-reader", ["readBundle", "findingsOf"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const { readBundle, findingsOf } = loaded.module;
  const bytes = await readInput(await ensureLimitTgz());
  const read = () => readBundle({ kind: "archive", bytes, name: "limit" });
  const figures = await compareContenders(
    [
      { name: "readBundle", run: read, check: (result) => expectSkills(result, 50, "readBundle") },
      {
        name: "readBundle+findingsOf",
        run: async () => {
          const result = await read();
          return result.ok ? result.skills.flatMap((skill) => findingsOf(skill)) : result;
        },
        check: (findings) => expectEqual(findings.length, 0, "findings of the generated bundle"),
      },
    ],
    { warmup: 1, rounds: scaleRounds(7) },
  );
  // The findings alone, over skills already read (their texts not yet decoded).
  const alone = [];
  for (let round = 0; round < scaleRounds(7); round += 1) {
    const result = await read();
    const start = performance.now();
    for (const skill of result.skills) findingsOf(skill);
    alone.push(performance.now() - start);
  }
  alone.sort((a, b) => a - b);
  const subject = figures["readBundle+findingsOf"].median;
  const baseline = figures.readBundle.median;
  return [
    createRatioRow({
      bench: "reader/findings",
      measure: `readBundle + findingsOf / readBundle (.tar.gz, ${(bytes.length / MiB).toFixed(1)} MiB -> 61 MiB, 5,000 files)`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 1.1 },
      note: `findingsOf over the 50 skills already read: ${formatMs(alone[Math.floor(alone.length / 2)])} (median)`,
      figures,
    }),
  ];
}

export const readerFindingsBenchmarks = [
  {
    name: "reader/findings",
    title: "findings over the .tar.gz at the limits vs reading it alone",
    run: measureFindings,
  },
];
