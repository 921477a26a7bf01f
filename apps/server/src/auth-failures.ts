// Failed authentications, counted and sampled. Every request without the
// token once wrote a warn line, so a flood of guesses wrote one line each
// (1,300 from one flood) and buried the log. Now every failure is counted
// (`GET /readyz` shows the count as `authFailures`), and at most
// LINES_PER_WINDOW of them per window are logged whole; the next line logged
// after a quiet spell says how many were left out since the last one
// (`suppressed`), so nothing is hidden, only summarized.
import type { FastifyBaseLogger } from "fastify";

/** The most failure lines logged per window. */
export const LINES_PER_WINDOW = 10;
/** The window, in milliseconds. */
export const WINDOW_MS = 60_000;

/** What is logged about one failed authentication. */
export type AuthFailure = { method: string; path: string; remote: string; credential: string };

export class AuthFailures {
  /** Every failed authentication since start. */
  total = 0;
  #windowStart = 0;
  #linesInWindow = 0;
  #suppressed = 0;

  /** Counts `failure`, and logs it unless this window's lines are spent. */
  note(log: FastifyBaseLogger, failure: AuthFailure, now: number = Date.now()): void {
    this.total += 1;
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#windowStart = now;
      this.#linesInWindow = 0;
    }
    if (this.#linesInWindow >= LINES_PER_WINDOW) {
      this.#suppressed += 1;
      return;
    }
    this.#linesInWindow += 1;
    const suppressed = this.#suppressed;
    this.#suppressed = 0;
    log.warn(
      suppressed === 0 ? failure : { ...failure, suppressed, total: this.total },
      "authentication failed",
    );
  }
}
