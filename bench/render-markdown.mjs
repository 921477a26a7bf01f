// Prints the figures of the last run (bench/out/results.json) as a Markdown
// table, the form docs/benchmarks.md records them in:
// `node bench/render-markdown.mjs [results.json]`.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { OUT_DIR } from "./gen/inputs.mjs";

function verdictOf(row) {
  if (row.subject === "not measured") return "not measured";
  if (row.met === null) return "reported";
  return row.met ? "met" : "**missed**";
}

const escapeCell = (text) => String(text).replaceAll("|", "\\|");

const path = process.argv[2] ?? join(OUT_DIR, "results.json");
const results = JSON.parse(await readFile(path, "utf8"));
console.log(`Machine: ${results.machine.line}; run ${results.date}.\n`);
console.log("| benchmark | measure | subject | baseline | ratio | target | verdict |");
console.log("|---|---|---|---|---|---|---|");
for (const row of results.rows) {
  const ratio = row.ratio === null ? "" : row.ratio.toFixed(2);
  const cells = [
    row.bench,
    row.measure,
    row.subject,
    row.baseline,
    ratio,
    row.target,
    verdictOf(row),
  ];
  console.log(`| ${cells.map(escapeCell).join(" | ")} |`);
}
const notes = results.rows.filter((row) => row.note);
if (notes.length > 0) console.log("");
for (const row of notes) console.log(`- ${row.bench}: ${escapeCell(row.note)}`);
