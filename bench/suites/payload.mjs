// Payload benchmarks: payload() over 1,000 skills against over 100 (2 KiB
// bodies; linear cost gives a ratio near 10), and readPayload of the
// 1,000-skill file against JSON.parse + SHA-256 of the same bytes.

import { stat } from "node:fs/promises";
import { parseAndHash } from "../baselines/parse-json.mjs";
import { ensureSkillRoot } from "../gen/catalog-tree.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";

async function loadPayload(exports) {
  const loaded = await loadPackage("payload", exports);
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.module;
}

async function measureBuild() {
  const { payload } = await loadPayload(["payload"]);
  const large = { builtin: await ensureSkillRoot(1_000, 2048) };
  const small = { builtin: await ensureSkillRoot(100, 2048) };
  const figures = await compareContenders(
    [
      {
        name: "payload @1,000",
        run: () => payload(large),
        check: (r) => expectSkills(r, 1_000, "payload"),
      },
      {
        name: "payload @100",
        run: () => payload(small),
        check: (r) => expectSkills(r, 100, "payload"),
      },
    ],
    { warmup: 2, rounds: scaleRounds(9) },
  );
  const subject = figures["payload @1,000"].median;
  const baseline = figures["payload @100"].median;
  return [
    createRatioRow({
      bench: "payload/build",
      measure: "payload() over 1,000 skills / over 100 (2 KiB bodies)",
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 12 },
      figures,
    }),
  ];
}

async function measureRead() {
  const { materialize, readPayload } = await loadPayload(["materialize", "readPayload"]);
  const roots = { builtin: await ensureSkillRoot(1_000, 2048) };
  const scratch = await createScratch("payload");
  let written;
  let size;
  let figures;
  try {
    written = await materialize(roots, scratch);
    expectSkills(written, 1_000, "materialize");
    size = (await stat(written.path)).size;
    figures = await compareContenders(
      [
        {
          name: "readPayload",
          run: () => readPayload(written.path),
          check: (r) => expectSkills(r, 1_000, "readPayload"),
        },
        {
          name: "JSON.parse+SHA-256",
          run: () => parseAndHash(written.path),
          check: (count) => expectEqual(count, 1_000, "JSON.parse baseline"),
        },
      ],
      { warmup: 2, rounds: scaleRounds(9) },
    );
  } finally {
    await removeScratch(scratch);
  }
  const subject = figures.readPayload.median;
  const baseline = figures["JSON.parse+SHA-256"].median;
  const rate = (ms) => `${(size / 2 ** 20 / (ms / 1000)).toFixed(0)} MiB/s`;
  return [
    createRatioRow({
      bench: "payload/read",
      measure: `readPayload time / (readFile + JSON.parse + SHA-256 per body), ${(size / 2 ** 20).toFixed(1)} MiB file`,
      subject: `${rate(subject)} (${formatMs(subject)})`,
      baseline: `${rate(baseline)} (${formatMs(baseline)})`,
      ratio: subject / baseline,
      target: { max: 1.3 },
      figures,
    }),
  ];
}

export const payloadBenchmarks = [
  { name: "payload/build", title: "payload() over 1,000 vs 100 skills", run: measureBuild },
  { name: "payload/read", title: "readPayload vs JSON.parse + SHA-256", run: measureRead },
];
