// The reader over a deep tree: 10,000 entries along 2,000 levels of
// directories, as a tar, a .tgz and a folder, each timed per entry against
// the flat 10,000-entry tar in the same run. Every step of a read must cost
// time linear in entries plus bytes, so depth may cost what its longer paths
// cost to read, and no more: at most twice the flat tar's time per entry.

import {
  DEEP_ENTRIES,
  DEEP_LEVELS,
  ensureDeepFolder,
  ensureDeepTar,
  ensureDeepTgz,
} from "../gen/deep-tree.mjs";
import { ensureTinyTar, readInput } from "../gen/inputs.mjs";
import { expectEqual, expectSkills } from "../lib/expect.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";

const FLAT_ENTRIES = 10_000;
const perEntry = (ms, entries) => `${((ms * 1000) / entries).toFixed(1)} µs/entry`;

async function measureDeep() {
  const loaded = await loadPackage("bundle-reader", ["readBundle"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const { readBundle } = loaded.module;
  const flat = await readInput(await ensureTinyTar());
  const tar = await readInput(await ensureDeepTar());
  const tgz = await readInput(await ensureDeepTgz());
  const folder = await ensureDeepFolder();
  const deepFiles = (result) => {
    expectSkills(result, 1, "readBundle(deep)");
    expectEqual(result.skills[0].files.length, DEEP_ENTRIES - 1 - DEEP_LEVELS, "deep files");
  };
  const figures = await compareContenders(
    [
      {
        name: "flat tar",
        run: () => readBundle({ kind: "archive", bytes: flat, name: "tiny" }),
        check: (result) => expectSkills(result, 100, "readBundle(flat)"),
      },
      {
        name: "deep tar",
        run: () => readBundle({ kind: "archive", bytes: tar, name: "deep" }),
        check: deepFiles,
      },
      {
        name: "deep tgz",
        run: () => readBundle({ kind: "archive", bytes: tgz, name: "deep" }),
        check: deepFiles,
      },
      {
        name: "deep folder",
        run: () => readBundle({ kind: "path", path: folder }),
        check: deepFiles,
      },
    ],
    { warmup: 1, rounds: scaleRounds(5) },
  );
  const flatPer = figures["flat tar"].median / FLAT_ENTRIES;
  return ["deep tar", "deep tgz", "deep folder"].map((name) => {
    const per = figures[name].median / DEEP_ENTRIES;
    return createRatioRow({
      bench: "reader/deep",
      measure: `readBundle(${name}, 2,000 levels, 10,000 entries) time per entry / flat 10,000-entry tar's`,
      subject: perEntry(figures[name].median, DEEP_ENTRIES),
      baseline: perEntry(figures["flat tar"].median, FLAT_ENTRIES),
      ratio: per / flatPer,
      target: { max: 2 },
      note: `${name} ${formatMs(figures[name].median)}, flat tar ${formatMs(figures["flat tar"].median)}`,
      figures,
    });
  });
}

export const readerDeepBenchmarks = [
  {
    name: "reader/deep",
    title: "deep trees (2,000 levels) as tar, tgz and folder vs the flat tar, per entry",
    run: measureDeep,
  },
];
