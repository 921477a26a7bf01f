// Runs one read of a bundle in a fresh process and prints its peak resident
// set size as JSON, so the figure is the reader's alone and not the bench
// harness's. With "idle" it only loads the reader and the bytes, which gives
// the floor every Node process starts from.
//
// usage: node peak-rss.mjs <reader dist index.js> <archive path> <read|idle>

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

function readPeakFromProc() {
  try {
    const status = readFileSync("/proc/self/status", "utf8");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const [readerPath, archivePath, mode] = process.argv.slice(2);
const { readBundle } = await import(pathToFileURL(readerPath).href);
const bytes = readFileSync(archivePath);
let outcome = "idle";
if (mode === "read") {
  const result = await readBundle({ kind: "archive", bytes, name: "bomb" });
  outcome = result.ok ? "accepted" : result.refusal.code;
}
const maxRssBytes = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  `${JSON.stringify({ outcome, maxRssBytes, vmHwmBytes: readPeakFromProc() })}\n`,
);
