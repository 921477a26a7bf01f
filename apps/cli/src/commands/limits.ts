// `skillshelf limits`: the reader's fixed limits, so that an operator (or a
// script, with --json) can size a bundle or a cap of their own to match.

import { formatCount, limits } from "@skillshelf/contract";
import type { Context } from "../context.js";
import { formatBytes, formatTable, printJson } from "../output.js";
import { EXIT_OK } from "../refusal.js";

export function runLimits(context: Context): number {
  const { output } = context;
  const { maxEntries, maxBytes } = limits();
  if (context.json) {
    printJson(output, { ok: true, maxEntries, maxBytes });
    return EXIT_OK;
  }
  const rows = [
    ["max entries", formatCount(maxEntries)],
    ["max bytes", `${formatBytes(maxBytes)} (${formatCount(maxBytes)} bytes, expanded)`],
  ];
  for (const line of formatTable(rows)) output.out.line(line);
  return EXIT_OK;
}
