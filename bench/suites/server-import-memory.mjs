// Four imports of the biggest bundle at once: four clients POST the limit
// .tar.gz (15 MiB gzip'd, 61 MiB expanded, 5,000 files in 50 skills) to
// /api/imports?replace=1 of one spawned server at the same moment, filling
// the import gate's four slots. The store takes one writer at a time, so the
// four installs of the same 50 skills queue for it and each really writes:
// one installs them fresh and the other three replace them, which the
// answers' `replaced` flags prove. The figure is the server's peak RSS
// (VmHWM) after the burst, held to 400 MiB; the baseline column is the same
// process's peak after start-up, before any import. Before the reader and
// the destination kept bytes rather than decoded strings, this burst took
// the server to 728 MB; with bytes, but all four bundles unpacked at once
// while their installs queued for the store's lock, to 469 MiB.

import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { ensureLimitTgz, readInput } from "../gen/inputs.mjs";
import { expectEqual } from "../lib/expect.mjs";
import { loadPackage } from "../lib/packages.mjs";
import { formatMs } from "../lib/report.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";
import { postImport, readPeakRss, startServer } from "../lib/server-process.mjs";

const MiB = 2 ** 20;
const CLIENTS = 4;
const TARGET_MIB = 400;
const SKILLS = 50;

/** Which of the four answers installed the skills fresh, and which replaced them. */
function tallyReplaced(answers) {
  let fresh = 0;
  let replacing = 0;
  for (const answer of answers) {
    if (answer.status !== 201)
      throw new Error(`an import answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const { skills } = JSON.parse(answer.body);
    expectEqual(skills.length, SKILLS, "imported skills");
    const replaced = skills.filter((skill) => skill.replaced).length;
    if (replaced === 0) fresh += 1;
    else if (replaced === SKILLS) replacing += 1;
    else throw new Error(`an import replaced ${replaced} of ${SKILLS} skills`);
  }
  expectEqual(fresh, 1, "imports that installed the skills fresh");
  expectEqual(replacing, CLIENTS - 1, "imports that replaced them");
}

export async function measureImportMemory() {
  const loaded = await loadPackage("server", ["buildApp"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const bytes = await readInput(await ensureLimitTgz());
  const expanded = gunzipSync(bytes).length;
  const scratch = await createScratch("server-import-memory");
  await mkdir(join(scratch, "workspace"), { recursive: true });
  const server = await startServer({
    dataDir: join(scratch, "data"),
    workspaceDir: join(scratch, "workspace"),
  });
  try {
    const idle = await readPeakRss(server.pid);
    const start = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () => postImport(server.base, bytes)),
    );
    const burstMs = performance.now() - start;
    tallyReplaced(answers);
    const peak = await readPeakRss(server.pid);
    const mib = (value) => (value === null ? "unavailable" : `${(value / MiB).toFixed(0)} MiB`);
    const note =
      peak === null || idle === null
        ? "VmHWM is unavailable off Linux"
        : `the burst took ${formatMs(burstMs)} (answers in ${answers.map((a) => formatMs(a.ms)).join(", ")}); peak / 4 x expanded size (${((CLIENTS * expanded) / MiB).toFixed(0)} MiB) ${(peak / (CLIENTS * expanded)).toFixed(2)}; above idle, ${((peak - idle) / CLIENTS / expanded).toFixed(2)} x the expanded size per import; before bytes replaced decoded text, 728 MB`;
    return [
      {
        bench: "server/import-memory",
        measure: `server peak RSS after ${CLIENTS} concurrent imports of the limit .tar.gz (${(bytes.length / MiB).toFixed(1)} MiB gzip'd, ${(expanded / MiB).toFixed(1)} MiB expanded) with replace=1 / the same server idle after start-up`,
        subject: mib(peak),
        baseline: `${mib(idle)} idle`,
        ratio: null,
        target: `<= ${TARGET_MIB} MiB`,
        met: peak === null ? null : peak <= TARGET_MIB * MiB,
        note,
        figures: {
          peak,
          idle,
          burstMs,
          answerMs: answers.map((a) => a.ms),
          expanded,
          gzip: bytes.length,
        },
      },
    ];
  } finally {
    await server.stop();
    await removeScratch(scratch);
  }
}
