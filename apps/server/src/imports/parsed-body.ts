// What reading an import request's body yields before the reader sees it:
// archive bytes, the files of a form, or a refusal decided while streaming
// (too large, too many parts, a form that cannot be read, too slow, or cut
// by a shutdown).
//
// An archive's bytes are held for the one reader that consumes them and then
// let go: the parsed body stays on the request until its answer is sent, and
// an import waiting for the store's lock would otherwise keep its whole
// upload beside the files read out of it (four imports of a 15 MiB .tar.gz
// kept 62 MiB of archives no one would read again).
import type { UploadFile } from "@skillshelf/bundle-reader";
import type { ServerRefusal } from "../answer.js";

/** An upload's bytes, handed over once: after `take()` the holder keeps only their length. */
export class HeldBytes {
  readonly length: number;
  #bytes: Uint8Array | undefined;

  constructor(bytes: Uint8Array) {
    this.length = bytes.length;
    this.#bytes = bytes;
  }

  /** The bytes, which the holder forgets; a second call is a bug and throws. */
  take(): Uint8Array {
    const bytes = this.#bytes;
    if (bytes === undefined) throw new Error("an import body's bytes were taken twice");
    this.#bytes = undefined;
    return bytes;
  }
}

export type ParsedBody =
  | { ok: true; kind: "archive"; bytes: HeldBytes }
  | { ok: true; kind: "uploads"; files: UploadFile[] }
  | { ok: false; refusal: ServerRefusal };

/** Whether a value is a body one of the import parsers produced. */
export function isParsedBody(value: unknown): value is ParsedBody {
  return typeof value === "object" && value !== null && "ok" in value;
}
