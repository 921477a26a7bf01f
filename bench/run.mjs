// `pnpm bench [filter...]`: runs every benchmark whose name contains one of
// the filters (all of them without a filter), prints the machine line and a
// table of ratios against baselines measured in the same run, and writes the
// figures to bench/out/results.json. Benchmarks report; they never fail the
// command because a target was missed.
//
// Options: --load-seconds=N sets the server load test's duration (default
// 20); --rounds-scale=F multiplies every benchmark's rounds (0.3 for a quick
// trial run; figures for the record use the default, 1); --size-scale=F
// multiplies the skill counts of the benchmarks that take it (sync, MCP over
// stdio), for a check that a benchmark runs at all (figures use 1).

import { join } from "node:path";
import { OUT_DIR } from "./gen/inputs.mjs";
import { describeMachine } from "./lib/machine.mjs";
import { setRoundsScale } from "./lib/measure.mjs";
import { printTable, writeResults } from "./lib/report.mjs";
import { catalogBenchmarks } from "./suites/catalog.mjs";
import { cliStartBenchmarks } from "./suites/cli-start.mjs";
import { mcpBenchmarks } from "./suites/mcp.mjs";
import { mcpStdioBenchmarks } from "./suites/mcp-stdio.mjs";
import { payloadBenchmarks } from "./suites/payload.mjs";
import { readerBenchmarks } from "./suites/reader.mjs";
import { serverBenchmarks } from "./suites/server.mjs";
import { storePostgresBenchmarks } from "./suites/store-postgres.mjs";
import { syncBenchmarks } from "./suites/sync.mjs";

function parseArguments(argv) {
  const filters = [];
  const options = { loadSeconds: 20, roundsScale: 1, sizeScale: 1 };
  for (const argument of argv) {
    const load = /^--load-seconds=(\d+(?:\.\d+)?)$/.exec(argument);
    const scale = /^--rounds-scale=(\d+(?:\.\d+)?)$/.exec(argument);
    const size = /^--size-scale=(\d+(?:\.\d+)?)$/.exec(argument);
    if (load) options.loadSeconds = Number(load[1]);
    else if (scale) options.roundsScale = Number(scale[1]);
    else if (size) options.sizeScale = Number(size[1]);
    else if (argument !== "--") filters.push(argument);
  }
  return { filters, options };
}

async function runBenchmark(benchmark, options) {
  const started = performance.now();
  try {
    const rows = await benchmark.run(options);
    console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return rows;
  } catch (error) {
    console.log(`  failed: ${error.message ?? error}`);
    return [
      {
        bench: benchmark.name,
        measure: "run",
        subject: "not measured",
        baseline: "",
        ratio: null,
        target: "",
        met: null,
        note: `the benchmark failed: ${String(error.message ?? error).split("\n")[0]}`,
      },
    ];
  }
}

async function main() {
  const { filters, options } = parseArguments(process.argv.slice(2));
  setRoundsScale(options.roundsScale);
  const machine = describeMachine();
  console.log(`machine: ${machine.line}`);
  if (typeof globalThis.gc !== "function")
    console.log("note: run with --expose-gc for steadier figures");
  const all = [
    ...readerBenchmarks,
    ...catalogBenchmarks,
    ...cliStartBenchmarks,
    ...payloadBenchmarks,
    ...mcpBenchmarks,
    ...mcpStdioBenchmarks,
    ...syncBenchmarks,
    ...serverBenchmarks,
    ...storePostgresBenchmarks,
  ];
  const chosen = all.filter((b) => filters.length === 0 || filters.some((f) => b.name.includes(f)));
  if (chosen.length === 0) {
    console.log(
      `no benchmark matches ${filters.join(", ")}; names: ${all.map((b) => b.name).join(", ")}`,
    );
    process.exitCode = 2;
    return;
  }
  const rows = [];
  for (const benchmark of chosen) {
    console.log(`\n${benchmark.name}: ${benchmark.title}`);
    rows.push(...(await runBenchmark(benchmark, options)));
  }
  console.log("");
  printTable(rows);
  const path = join(OUT_DIR, "results.json");
  await writeResults(path, { date: new Date().toISOString(), machine, filters, options, rows });
  console.log(`\nfigures written to ${path}`);
}

await main();
