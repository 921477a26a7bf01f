// A member's bytes, inflated (or taken as stored) under a byte budget and
// checked against what the central directory promised. The output is capped
// at one byte more than both the declared size and what is left of the
// reader's limit, so inflation stops there, whatever the headers claim: a
// member that would outgrow the limit is `too-large`, one that outgrows its
// declared size (or falls short of it, or leaves compressed input unread) is
// damaged, and so is one whose CRC differs. A member whose declared size is
// small (at most 1 MiB, nearly every file of a bundle) is inflated in one
// synchronous call into one output buffer of the capped size, and the answer
// is given at once, not as a promise: per member, a promise and its turn
// cost nearly as much as the CRC. zlib's 16 KiB default chunks, joined
// after, cost over twice as much as the one buffer. A member declared larger
// streams through zlib's thread pool in 256 KiB chunks, counted as they come
// and cut at the cap, so one big member never holds up the event loop long.
import { createInflateRaw, inflateRawSync } from "node:zlib";
import { crc32 } from "./crc32.js";

const STORED = 0;
/** zlib's smallest output chunk. */
const MIN_CHUNK = 64;
const SYNC_UP_TO = 1 << 20;
const CHUNK = 256 * 1024;

/** The member as the central directory describes it. */
export type MemberData = {
  method: number;
  data: Uint8Array;
  size: number;
  crc: number;
};

export type Inflated =
  | { ok: true; bytes: Uint8Array | Uint8Array[] }
  | { ok: false; over: true }
  | { ok: false; over: false; detail: string };

/**
 * Inflates `member` with at most `budget` bytes of output left under the
 * reader's limit: the answer itself for a stored or small member, a promise
 * only for one that streams.
 */
export function inflateMember(member: MemberData, budget: number): Inflated | Promise<Inflated> {
  if (member.method === STORED) {
    if (member.data.length > budget) return { ok: false, over: true };
    return verify(member, member.data, member.data.length);
  }
  const cap = Math.min(member.size, budget) + 1;
  if (member.size <= SYNC_UP_TO) return judge(member, budget, cap, inflateAtOnce(member.data, cap));
  return inflateStreaming(member.data, cap).then((out) => judge(member, budget, cap, out));
}

function judge(member: MemberData, budget: number, cap: number, out: Output): Inflated {
  if (!out.ok) return out.detail === undefined ? over(member, budget) : damaged(out.detail);
  if (out.length >= cap) return over(member, budget);
  if (out.consumed !== member.data.length)
    return damaged("compressed data that goes on after its end");
  return verify(member, out.bytes, out.length);
}

type Output =
  | { ok: true; bytes: Uint8Array | Uint8Array[]; length: number; consumed: number }
  | { ok: false; over: false; detail?: string };

function inflateAtOnce(data: Uint8Array, cap: number): Output {
  try {
    const options = { maxOutputLength: cap, chunkSize: Math.max(MIN_CHUNK, cap), info: true };
    const { buffer, engine } = inflateRawSync(data, options) as unknown as {
      buffer: Buffer;
      engine: { bytesWritten: number };
    };
    return { ok: true, bytes: buffer, length: buffer.length, consumed: engine.bytesWritten };
  } catch (error) {
    return failed(error);
  }
}

function inflateStreaming(data: Uint8Array, cap: number): Promise<Output> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    const bytes: Uint8Array[] = [];
    let length = 0;
    let settled = false;
    const settle = (output: Output): void => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve(output);
    };
    inflater.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length >= cap) settle({ ok: false, over: false });
      else bytes.push(chunk);
    });
    inflater.on("error", (error) => settle(failed(error)));
    inflater.on("end", () => settle({ ok: true, bytes, length, consumed: inflater.bytesWritten }));
    inflater.end(data);
  });
}

/** Past the cap: the limit's fault when the cap was the budget, else the declared size lied. */
function over(member: MemberData, budget: number): Inflated {
  if (budget < member.size + 1) return { ok: false, over: true };
  return damaged("more data than its declared size");
}

function verify(member: MemberData, bytes: Uint8Array | Uint8Array[], length: number): Inflated {
  if (length !== member.size) return damaged("a size that differs from its declared size");
  let crc = 0;
  if (Array.isArray(bytes)) for (const chunk of bytes) crc = crc32(chunk, crc);
  else crc = crc32(bytes);
  if (crc !== member.crc) return damaged("data whose CRC does not match");
  return { ok: true, bytes };
}

function failed(error: unknown): { ok: false; over: false; detail?: string } {
  if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE")
    return { ok: false, over: false };
  return { ok: false, over: false, detail: `deflate: ${(error as Error).message}` };
}

const damaged = (detail: string): Inflated => ({ ok: false, over: false, detail });
