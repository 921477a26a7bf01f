// Reads a raw archive body into memory, counting bytes as they arrive and
// stopping at the cap: a client that sends 10 GiB is answered `too-large`
// once the cap is crossed (or at once, when Content-Length already says so),
// and the rest is never read; the answer closes the connection. The reader
// sniffs tar or gzip by magic bytes, so the Content-Type is not trusted.
// The bytes arrive straight into one buffer of the declared length (grown by
// doubling, up to the cap, when no length is declared), rather than as a list
// of socket chunks joined at the end: joining held every body twice at the
// moment it completed, 30 MiB per import of a 15 MiB archive. A buffer's
// pages cost resident memory only once written, so a client that declares
// the cap and then sends nothing holds next to none.
import type { Readable } from "node:stream";
import { limits } from "@skillshelf/contract";
import { clientGone } from "../errors.js";
import { HeldBytes, type ParsedBody } from "./parsed-body.js";

/** The reader's own refusal for a bundle above its byte limit. */
export function tooLarge(): ParsedBody {
  return { ok: false, refusal: { code: "too-large", limit: limits().maxBytes } };
}

/** The first buffer for a body of undeclared length. */
const FIRST_GUESS = 1024 * 1024;
const EMPTY = Buffer.alloc(0);

/** A buffer of at least `needed` bytes (doubling, at most `cap`) holding the first `used` of `held`. */
function grow(held: Buffer, used: number, needed: number, cap: number): Buffer {
  const next = Buffer.allocUnsafe(Math.min(cap, Math.max(needed, held.length * 2)));
  held.copy(next, 0, 0, used);
  return next;
}

/** Reads at most `cap` bytes of `stream`; more is `too-large`. Rejects if the client goes away. */
export function readArchiveBody(
  stream: Readable,
  cap: number,
  declaredLength: number | undefined,
  signal?: AbortSignal,
): Promise<ParsedBody> {
  if (declaredLength !== undefined && declaredLength > cap) return Promise.resolve(tooLarge());
  return new Promise((resolve, reject) => {
    let held: Buffer = Buffer.allocUnsafe(declaredLength ?? Math.min(cap, FIRST_GUESS));
    let total = 0;
    const stop = (): void => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("close", onClose);
      stream.pause();
    };
    const onData = (chunk: Buffer): void => {
      if (total + chunk.length > cap) {
        stop();
        held = EMPTY;
        resolve(tooLarge());
        return;
      }
      if (total + chunk.length > held.length) held = grow(held, total, total + chunk.length, cap);
      chunk.copy(held, total);
      total += chunk.length;
    };
    const onEnd = (): void => {
      stop();
      // A body shorter than its buffer (no declared length) is copied to fit, so no slack is kept.
      const bytes = total === held.length ? held : Buffer.from(held.subarray(0, total));
      held = EMPTY;
      resolve({ ok: true, kind: "archive", bytes: new HeldBytes(bytes) });
    };
    // A request stream fails only when its connection does: the client is gone.
    const onError = (): void => {
      stop();
      reject(clientGone());
    };
    const onClose = onError;
    // Abandoned by the caller (cut as too slow, or by a shutdown): stop reading and keep nothing.
    signal?.addEventListener(
      "abort",
      () => {
        stop();
        held = EMPTY;
        resolve({ ok: false, refusal: { code: "unreadable-source", detail: "abandoned" } });
      },
      { once: true },
    );
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
    stream.once("close", onClose);
  });
}
