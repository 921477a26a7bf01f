// Feeds a tar stream to tar-stream's extractor and turns its members into
// ledger entries. tar-stream misbehaves on hostile input when a consumer
// trusts it: a directory that claims a size gets a body stream that never
// ends, a link that claims a size is given one it does not have, and a member
// left unread stalls the whole stream. So every member is decided from its
// header first; only an accepted regular file's body is read (or a set-aside
// one drained); every body is consumed to its end and every member is
// acknowledged; and one outcome settles on the first refusal, on any error, or
// once the extractor has finished and the frame has seen the end marker.
// tar-stream also leaves itself expecting an extended header's body after an
// empty one (size 0), and would then frame the next member's padding as a
// header body; at each member that state is cleared (see `take`).
import {
  extract as createExtract,
  type Extract,
  type ExtractEvents,
  type Header,
} from "tar-stream";
import type { Ledger } from "../ledger.js";
import { MAX_BYTES } from "../limits.js";
import type { Refusal } from "../types.js";
import { type FrameProblem, TarFrame } from "./tar-frame.js";
import { kindOf, nameOf, nameOfField } from "./tar-header.js";
import { BLOCK } from "./tar-layout.js";

type Source = ExtractEvents["entry"][1];
/** What to do with a member's body: nothing, drain it unread, or keep it for `slot`. */
type Body = { read: "none" | "drain" } | { read: "keep"; slot: number; executable: boolean };

const EMPTY = new Uint8Array(0);

export class TarReader {
  /** Settles with the refusal, or undefined once the whole archive was read. */
  readonly outcome: Promise<Refusal | undefined>;
  private readonly extract: Extract;
  private readonly frame = new TarFrame();
  private settle!: (refusal: Refusal | undefined) => void;
  settled = false;
  private finished = false;
  private bodyOpen = false;
  private wake: (() => void) | undefined;
  private cutWith: Refusal | undefined;
  private ending = false;
  private written = 0;

  constructor(private readonly ledger: Ledger) {
    this.outcome = new Promise((resolve) => {
      this.settle = resolve;
    });
    const options = {
      filenameEncoding: "latin1",
      allowUnknownFormat: true,
      highWaterMark: 1 << 20,
    };
    this.extract = createExtract(options);
    this.extract.on("entry", (header, stream, next) => this.take(header, stream, next));
    this.extract.on("error", (error: Error) => this.corrupt(error.message));
    this.extract.on("finish", () => {
      this.finished = true;
      this.complete();
    });
    this.extract.on("drain", () => this.resume());
  }

  /** Writes the next bytes; resolves when more may be written (or the outcome is known). */
  write(chunk: Uint8Array): Promise<void> | undefined {
    if (this.settled) return undefined;
    const problem = this.frame.feed(chunk);
    if (problem !== undefined) {
      this.finish(this.refusalFor(problem));
      return undefined;
    }
    // Past the end-of-archive marker the frame alone checks the padding:
    // tar-stream would parse every zero block of a gzip bomb as a header.
    const room = (this.frame.endAt ?? Number.POSITIVE_INFINITY) - this.written;
    const forTar = room < chunk.length ? chunk.subarray(0, Math.max(0, room)) : chunk;
    if (forTar.length === 0) return undefined;
    this.written += forTar.length;
    if (this.extract.write(forTar)) return undefined;
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /**
   * The bytes stop here because a limit was reached: what was written is
   * still read, so a refusal in it comes first, and the archive is refused
   * with `refusal` where it would otherwise be accepted or seen as truncated.
   */
  cut(refusal: Refusal): void {
    this.cutWith = refusal;
    this.end();
  }

  /** No more bytes will come. */
  end(): void {
    if (this.settled || this.ending) return;
    this.ending = true;
    this.extract.end(undefined);
  }

  /** Stops reading: the outcome is a refusal decided elsewhere (a limit, a gzip error). */
  stop(refusal: Refusal): void {
    this.finish(refusal);
  }

  private take(header: Header, stream: Source, next: () => void): void {
    if (this.settled) return;
    // No extended header is pending at a member; tar-stream's flag says one
    // is when the last was empty, and would swallow this member's padding.
    const extract = this.extract as unknown as { _longHeader?: unknown };
    if (extract._longHeader === true) extract._longHeader = false;
    const decision = this.judge(header, stream);
    if ("code" in decision) {
      this.finish(decision);
    } else if (decision.read === "none") {
      // Not called in this stack: tar-stream would emit the next member from
      // inside it, and a long run of empty members would exhaust the stack.
      queueMicrotask(next);
    } else {
      this.readBody(stream, decision, next);
    }
  }

  /** Everything decided from the header alone, before any body is read. */
  private judge(header: Header, stream: Source): Refusal | Body {
    const size = header.size;
    if (!Number.isSafeInteger(size) || size < 0) {
      return corruptRefusal(`a member's size is not a safe integer (${size})`);
    }
    const member = this.frame.enter(stream.offset, size);
    if (!member.ok) return this.refusalFor(member.problem);
    const { kind, detail } = kindOf(header, member.typeflag, member.sparse);
    const { raw, utf8 } = nameOf(header, member.pathUtf8);
    if (kind === "directory" && size > 0) {
      return corruptRefusal(`the directory '${raw}' claims a body of ${size} bytes`);
    }
    // A link or special member that claims a body is refused from its header,
    // selected or not: its body is never read, so nothing after it can be framed.
    if ((kind === "link" || kind === "special") && size > 0) {
      const refusal: Refusal = { code: kind === "link" ? "link" : "not-regular-file", path: raw };
      return detail === undefined ? refusal : { ...refusal, detail };
    }
    const admission = this.ledger.admit({ raw, utf8, kind, size, ...(detail ? { detail } : {}) });
    if (admission.kind === "refused") return admission.refusal;
    const executable = (header.mode & 0o100) !== 0;
    if (kind !== "file" || size === 0) {
      if (admission.kind === "file") this.ledger.fill(admission.slot, EMPTY, executable);
      return { read: "none" };
    }
    if (stream.offset + BLOCK + size > MAX_BYTES) return { code: "too-large", limit: MAX_BYTES };
    if (admission.kind !== "file") return { read: "drain" };
    return { read: "keep", slot: admission.slot, executable };
  }

  /** Reads (or drains) one body to its end, then lets tar-stream go on. */
  private readBody(stream: Source, body: Body, next: () => void): void {
    // Only a body being read can be destroyed with an error (when the input
    // ends inside it); the extractor's own error settles the outcome.
    stream.on("error", () => {});
    this.bodyOpen = true;
    const chunks: Uint8Array[] = [];
    if (body.read === "keep") {
      stream.on("data", (chunk) => {
        chunks.push(chunk as Uint8Array);
      });
    } else {
      stream.resume();
    }
    stream.on("end", () => {
      this.bodyOpen = false;
      if (this.settled) return;
      if (body.read === "keep") {
        this.ledger.fill(body.slot, chunks, body.executable);
      }
      next();
      this.complete();
    });
  }

  private complete(): void {
    if (!this.finished || this.bodyOpen || this.settled) return;
    const problem = this.frame.finish();
    this.finish(problem === undefined ? undefined : this.refusalFor(problem));
  }

  /** Damage is a corrupt archive; a vendor header is a member the ledger refuses by its kind. */
  private refusalFor(problem: FrameProblem): Refusal {
    if (problem.kind === "corrupt") return corruptRefusal(problem.detail);
    const name = nameOfField(problem.header);
    const admission = this.ledger.admit({
      ...name,
      kind: "special",
      size: 0,
      detail: problem.detail,
    });
    return admission.kind === "refused"
      ? admission.refusal
      : { code: "not-regular-file", path: name.raw, detail: problem.detail };
  }

  private corrupt(detail: string): void {
    this.finish(corruptRefusal(detail));
  }

  private finish(found: Refusal | undefined): void {
    if (this.settled) return;
    const cut =
      this.cutWith !== undefined && (found === undefined || found.code === "corrupt-archive");
    const refusal = cut ? this.cutWith : found;
    this.settled = true;
    if (refusal !== undefined) this.extract.destroy(null);
    this.settle(refusal);
    this.resume();
  }

  private resume(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

function corruptRefusal(detail: string): Refusal {
  return { code: "corrupt-archive", detail };
}
