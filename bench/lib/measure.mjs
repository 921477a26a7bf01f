// Timing that tolerates a shared, noisy machine: every contender is warmed
// up, then measured in rounds whose order rotates (subject first, then a
// baseline first, ...) so that drift in machine load lands on all of them
// alike; the figure kept for each is the median of its rounds.

import { performance } from "node:perf_hooks";

function collectGarbage() {
  if (typeof globalThis.gc === "function") globalThis.gc();
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
  collectGarbage();
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
  for (let r = 0; r < rounds; r += 1) {
    for (let i = 0; i < contenders.length; i += 1) {
      const contender = contenders[(i + r) % contenders.length];
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
