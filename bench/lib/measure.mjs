// Timing that tolerates a shared, noisy machine: every contender is warmed
// up, then measured in rounds whose order rotates (subject first, then a
// baseline first, ...) so that drift in machine load lands on all of them
// alike; the figure kept for each is the median of its rounds. Every other
// pass through the rotations runs them backwards, so no contender always
// follows the same one, and before each timed call the collector runs and
// the process rests a moment: a contender that leaves work behind (10,000
// promises' garbage still being swept on another thread) once slowed
// whichever came next by up to 40%.

import { performance } from "node:perf_hooks";

function collectGarbage() {
  if (typeof globalThis.gc === "function") globalThis.gc();
}

/** How long the process rests before each timed call, for what the last one left running. */
const SETTLE_MS = 30;

async function settle() {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  collectGarbage();
}

/** Returns the median of a list of numbers. */
export function computeMedian(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Returns the q-quantile (0..1) of a list of numbers, nearest rank. */
export function computeQuantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

async function timeOnce(contender) {
  if (contender.before) await contender.before();
  await settle();
  const start = performance.now();
  const outcome = await contender.run();
  const elapsed = performance.now() - start;
  if (contender.check) contender.check(outcome);
  if (contender.after) await contender.after();
  return elapsed;
}

/**
 * Times each contender ({ name, run, before?, after?, check? }) `warmup`
 * times unrecorded, then `rounds` times in rotating order. `before` and
 * `after` run untimed around each call (fresh directories, say); `check`
 * inspects the result so a contender that silently fails is caught.
 * Returns { [name]: { median, samples } } with times in milliseconds.
 */
export async function compareContenders(contenders, { warmup = 1, rounds = 5 } = {}) {
  for (let w = 0; w < warmup; w += 1) {
    for (const contender of contenders) await timeOnce(contender);
  }
  const samples = new Map(contenders.map((c) => [c.name, []]));
  const count = contenders.length;
  for (let r = 0; r < rounds; r += 1) {
    const backwards = Math.floor(r / count) % 2 === 1;
    for (let i = 0; i < count; i += 1) {
      const at = (i + r) % count;
      const contender = contenders[backwards ? count - 1 - at : at];
      samples.get(contender.name).push(await timeOnce(contender));
    }
  }
  const figures = {};
  for (const [name, list] of samples)
    figures[name] = { median: computeMedian(list), samples: list };
  return figures;
}

let roundsScale = 1;

/** Sets the factor every benchmark's round count is scaled by (--rounds-scale). */
export function setRoundsScale(scale) {
  roundsScale = Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** Scales a benchmark's round count by the --rounds-scale factor (for quick trial runs). */
export function scaleRounds(rounds) {
  return Math.max(1, Math.round(rounds * roundsScale));
}

/** The baseline with the lowest median among `names`: the one a verdict is held to. */
export function pickFastest(figures, names) {
  return names
    .map((name) => ({ name, ms: figures[name].median }))
    .reduce((a, b) => (b.ms < a.ms ? b : a));
}
