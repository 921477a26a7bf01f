// What may end an import body before it has all arrived, besides its size:
// a client sending slower than the minimum rate, which would otherwise hold
// an import slot for as long as it likes (four clients at one byte a second
// kept every other import out for minutes), and a server shutting down,
// which answers uploads still arriving at once rather than waiting on them.
// The rate is judged over fixed windows: each window must bring at least
// `minBytesPerSecond * windowMs / 1000` bytes, so a pause shorter than a
// window on an otherwise fast link is forgiven. The default, 8 KiB/s over
// 10 s windows, cuts a stalled upload after 10 s and lets any real link,
// however slow, through; the cap on a body's size and the request timeout
// still bound a body that keeps up.
import type { Readable } from "node:stream";
import type { RequestRefusal } from "../request-refusals.js";

export type UploadRate = { minBytesPerSecond: number; windowMs: number };

export const defaultUploadRate: UploadRate = { minBytesPerSecond: 8 * 1024, windowMs: 10_000 };

/**
 * Resolves with the refusal that ends `body` early (`too-slow` when a window
 * brings too few bytes, `shutting-down` when `closing` aborts), or never;
 * `stop()` ends the watch once the body is read.
 */
export function watchUpload(
  body: Readable,
  rate: UploadRate,
  closing: AbortSignal,
): { cut: Promise<RequestRefusal>; stop: () => void } {
  let stop = (): void => {};
  const cut = new Promise<RequestRefusal>((resolve) => {
    const perWindow = (rate.minBytesPerSecond * rate.windowMs) / 1000;
    let received = 0;
    const count = (chunk: Buffer): void => {
      received += chunk.length;
    };
    const timer = setInterval(() => {
      if (received < perWindow) {
        stop();
        resolve({ code: "too-slow", limit: rate.minBytesPerSecond });
      }
      received = 0;
    }, rate.windowMs);
    timer.unref();
    const onClosing = (): void => {
      stop();
      resolve({ code: "shutting-down" });
    };
    stop = () => {
      clearInterval(timer);
      body.off("data", count);
      closing.removeEventListener("abort", onClosing);
    };
    body.on("data", count);
    if (closing.aborted) onClosing();
    else closing.addEventListener("abort", onClosing, { once: true });
  });
  return { cut, stop: () => stop() };
}
