// One read in progress: how far it has come, whether it was cancelled, and
// what to tear down when it is. Progress is reported at most every few tens of
// milliseconds (and once at the end), never per byte, so a caller drawing a
// progress bar costs the read nothing.
import type { ReadOptions, ReadProgress } from "./types.js";

const REPORT_EVERY_MS = 50;
const SLICE_MS = 10;

export class Reading {
  private readonly signal: AbortSignal | undefined;
  private readonly onProgress: ((progress: ReadProgress) => void) | undefined;
  private readonly teardowns: (() => void)[] = [];
  private lastReport = 0;
  private sliceStarted = performance.now();
  private bytes = 0;
  private entries = 0;
  cancelled = false;
  /** The `path` asked for: a source keeps only the bodies that may lie under it. */
  readonly path: string | undefined;
  /** For a git source: how long it may take (undefined: the default). */
  readonly gitTimeoutMs: number | undefined;

  constructor(options: ReadOptions) {
    this.signal = options.signal;
    this.onProgress = options.onProgress;
    this.path = options.path;
    this.gitTimeoutMs = options.gitTimeoutMs;
  }

  /** Throws the abort reason once the read has been cancelled; called between steps. */
  check(): void {
    if (!this.cancelled) return;
    throw this.signal?.reason ?? new Error("the read was cancelled");
  }

  /** Registers what to destroy on cancel; returns a function that unregisters it. */
  onCancel(teardown: () => void): () => void {
    this.teardowns.push(teardown);
    return () => {
      const at = this.teardowns.indexOf(teardown);
      if (at !== -1) this.teardowns.splice(at, 1);
    };
  }

  cancel(): void {
    this.cancelled = true;
    for (const teardown of this.teardowns.splice(0)) teardown();
  }

  /**
   * For work done in synchronous slices: once a slice has run SLICE_MS, a
   * promise that resolves after the event loop has had a turn (and rejects if
   * the read was cancelled meanwhile); otherwise undefined, to carry on.
   */
  pause(): Promise<void> | undefined {
    const now = performance.now();
    if (now - this.sliceStarted < SLICE_MS) return undefined;
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.sliceStarted = performance.now();
      this.check();
    });
  }

  /** Notes progress; the caller hears of it at most every REPORT_EVERY_MS. */
  progress(bytes: number, entries: number): void {
    this.bytes = bytes;
    this.entries = entries;
    if (this.onProgress === undefined) return;
    const now = performance.now();
    if (now - this.lastReport < REPORT_EVERY_MS) return;
    this.lastReport = now;
    this.onProgress({ bytes, entries });
  }

  /** The final report, whatever the outcome. */
  finish(): void {
    this.onProgress?.({ bytes: this.bytes, entries: this.entries });
  }
}
