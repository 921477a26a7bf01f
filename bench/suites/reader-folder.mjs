// Reader benchmark over a folder of about 5,000 files: readBundle against
// plain recursive walks (readdir + lstat + readFile + isUtf8) of the same
// tree. The verdict uses the fastest walk; the others are shown beside it.

import { walkFolderParallel, walkFolderSync } from "../baselines/walk.mjs";
import { ensureFolder } from "../gen/inputs.mjs";
import { measureAgainstWalks } from "../lib/against-walks.mjs";
import { expectSkills } from "../lib/expect.mjs";
import { scaleRounds } from "../lib/measure.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";

const WALKS = {
  "walk (sync)": walkFolderSync,
  "walk (async, parallel per dir)": walkFolderParallel,
};

async function measureFolder() {
  const loaded = await loadPackage("bundle-reader", ["readBundle"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const { readBundle } = loaded.module;
  const root = await ensureFolder();
  const { figures, subject, fastest, note } = await measureAgainstWalks({
    subject: {
      name: "readBundle",
      run: () => readBundle({ kind: "path", path: root }),
      check: (result) => expectSkills(result, 50, "readBundle"),
    },
    walks: WALKS,
    root,
    count: 5_000,
    rounds: scaleRounds(7),
  });
  return [
    createRatioRow({
      bench: "reader/folder-5k",
      measure: `readBundle(folder, 5,000 files, 20 MB) / fastest plain walk (${fastest.name})`,
      subject: formatMs(subject),
      baseline: formatMs(fastest.ms),
      ratio: subject / fastest.ms,
      target: { max: 1.5 },
      note,
      figures,
    }),
  ];
}

export const readerFolderBenchmarks = [
  { name: "reader/folder-5k", title: "folder of 5,000 files vs plain walks", run: measureFolder },
];
