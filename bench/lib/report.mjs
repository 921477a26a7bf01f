// Rows of figures, the table printed at the end of a run, and the JSON file
// under bench/out. A row is a ratio against a baseline measured in the same
// run (with its target and whether it was met), a reported figure without a
// target, or a benchmark that could not be measured yet, with the reason.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/** Formats milliseconds for the table. */
export function formatMs(ms) {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 1) return `${ms.toFixed(1)} ms`;
  return `${(ms * 1000).toFixed(0)} µs`;
}

function judge(ratio, target) {
  if (!target) return null;
  if (target.max !== undefined) return ratio <= target.max;
  return ratio >= target.min;
}

/** Describes a target such as { max: 1.25 } as "<= 1.25". */
export function describeTarget(target) {
  if (!target) return "report";
  return target.max !== undefined ? `<= ${target.max}` : `>= ${target.min}`;
}

/** A row comparing a subject with a baseline: ratio, target and verdict. */
export function createRatioRow({
  bench,
  measure,
  subject,
  baseline,
  ratio,
  target,
  note,
  figures,
}) {
  const met = judge(ratio, target);
  return {
    bench,
    measure,
    subject,
    baseline,
    ratio,
    target: describeTarget(target),
    met,
    note,
    figures,
  };
}

/** A row that reports a figure with no target. */
export function createReportRow({
  bench,
  measure,
  subject,
  baseline = "",
  ratio = null,
  note,
  figures,
}) {
  return { bench, measure, subject, baseline, ratio, target: "report", met: null, note, figures };
}

/** A row for a benchmark that could not run, with why. */
export function createPendingRow({ bench, measure, target, reason }) {
  return {
    bench,
    measure,
    subject: "not measured",
    baseline: "",
    ratio: null,
    target: describeTarget(target),
    met: null,
    note: reason,
  };
}

function verdictOf(row) {
  if (row.subject === "not measured") return "not measured";
  if (row.met === null) return "reported";
  return row.met ? "met" : "MISSED";
}

/** Prints rows as an aligned text table. */
export function printTable(rows) {
  const header = ["benchmark", "measure", "subject", "baseline", "ratio", "target", "verdict"];
  const lines = rows.map((row) => [
    row.bench,
    row.measure,
    row.subject,
    row.baseline,
    row.ratio === null ? "" : row.ratio.toFixed(2),
    row.target,
    verdictOf(row),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
  for (const row of rows) if (row.note) console.log(`  ${row.bench} / ${row.measure}: ${row.note}`);
}

/** Writes the run's machine line and rows as JSON. */
export async function writeResults(path, results) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
}
