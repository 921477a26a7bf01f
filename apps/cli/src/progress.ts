// The progress line for work that takes longer than a moment: reading a
// bundle (bytes and entries, as readBundle reports them), receiving stdin,
// installing. It appears only on a terminal, only after a short delay (so a
// quick command prints nothing extra), redraws itself in place on stderr, and
// erases itself when the work ends. The bar measures against the reader's
// limits, the one total known before a read ends.
import { formatCount } from "@skillshelf/contract";
import { type Channel, escapeControl, formatBytes } from "./output.js";

export type Counts = { bytes: number; entries?: number };

export type Progress = {
  update(counts: Counts): void;
  stop(): void;
};

export type ProgressOptions = {
  /** How long work may run before the line appears. */
  delayMs?: number;
  /** What a full bar means: the reader's limits. */
  limits?: { maxBytes: number; maxEntries: number };
  now?: () => number;
};

const DELAY_MS = 300;
const REDRAW_MS = 100;
const BAR_WIDTH = 16;
const WIDE_COLUMNS = 80;

const silent: Progress = { update: () => {}, stop: () => {} };

/** Starts a progress line labelled `label` on `err`; a no-op when `err` is not a terminal. */
export function startProgress(
  err: Channel,
  label: string,
  options: ProgressOptions = {},
): Progress {
  if (!err.tty) return silent;
  const now = options.now ?? Date.now;
  const started = now();
  let counts: Counts | undefined;
  let shown = false;
  let redraw: NodeJS.Timeout | undefined;
  const draw = (): void => {
    shown = true;
    const line = formatProgress(err, label, counts, now() - started, options.limits);
    err.stream.write(`\r\x1b[2K${escapeControl(line)}`);
  };
  const delay = setTimeout(() => {
    draw();
    redraw = setInterval(draw, REDRAW_MS);
    redraw.unref();
  }, options.delayMs ?? DELAY_MS);
  delay.unref();
  return {
    update: (next) => {
      counts = next;
    },
    stop: () => {
      clearTimeout(delay);
      if (redraw !== undefined) clearInterval(redraw);
      if (shown) err.stream.write("\r\x1b[2K");
    },
  };
}

/** One frame: label, bar against the limits (when the terminal is wide enough), counts, elapsed seconds. */
export function formatProgress(
  err: Channel,
  label: string,
  counts: Counts | undefined,
  elapsedMs: number,
  limits?: { maxBytes: number; maxEntries: number },
): string {
  const parts = [err.paint("bold", label)];
  if (counts !== undefined) {
    // A wrapped line cannot be redrawn in place, so a narrow terminal gets no bar.
    // A terminal that does not say its width (0) is taken to be wide enough.
    const columns = err.stream.columns;
    const wide = columns === undefined || columns === 0 || columns >= WIDE_COLUMNS;
    if (limits !== undefined && wide) {
      const fraction = Math.min(
        1,
        Math.max(counts.bytes / limits.maxBytes, (counts.entries ?? 0) / limits.maxEntries),
      );
      const filled = Math.round(fraction * BAR_WIDTH);
      const bar = "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled);
      parts.push(
        `${err.paint("cyan", bar)} ${formatBytes(counts.bytes)} of ${formatBytes(limits.maxBytes)}`,
      );
    } else {
      parts.push(formatBytes(counts.bytes));
    }
    if (counts.entries !== undefined) {
      parts.push(`${formatCount(counts.entries)} entries`);
    }
  }
  parts.push(err.paint("dim", `${(elapsedMs / 1000).toFixed(1)} s`));
  return parts.join("  ");
}
