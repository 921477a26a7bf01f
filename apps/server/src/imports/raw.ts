// Reads a raw archive body into memory, counting bytes as they arrive and
// stopping at the cap: a client that sends 10 GiB is answered `too-large`
// once the cap is crossed (or at once, when Content-Length already says so),
// and the rest is never read; the answer closes the connection. The reader
// sniffs tar or gzip by magic bytes, so the Content-Type is not trusted.
import type { Readable } from "node:stream";
import { limits } from "@skillshelf/bundle-reader";
import { clientGone } from "../errors.js";
import type { ParsedBody } from "./parsed-body.js";

/** The reader's own refusal for a bundle above its byte limit. */
export function tooLarge(): ParsedBody {
  return { ok: false, refusal: { code: "too-large", limit: limits().maxBytes } };
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
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = (): void => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("close", onClose);
      stream.pause();
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > cap) {
        stop();
        chunks.length = 0;
        resolve(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve({ ok: true, kind: "archive", bytes: Buffer.concat(chunks, total) });
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
        chunks.length = 0;
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
