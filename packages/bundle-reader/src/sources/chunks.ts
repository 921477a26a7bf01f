// The bytes of an archive as a stream of chunks, whether they are already in
// memory or in a file: in memory they are sliced without copying; a file is
// read in large chunks so a huge file is never loaded whole. A file that
// cannot be read ends the stream with an UnreadableSource error, which the
// archive reader turns into a refusal.
import { constants, type FileHandle, open } from "node:fs/promises";
import type { Refusal } from "../types.js";
import { unreadable } from "./folder-walk.js";

const CHUNK = 1 << 20;

/** A file or folder the system would not let us read, carried to where it becomes a refusal. */
export class UnreadableSource extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
  }
}

export async function* chunksOfBytes(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

export async function* chunksOfFile(path: string, shown: string): AsyncGenerator<Uint8Array> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new UnreadableSource(unreadable(shown, error as NodeJS.ErrnoException));
  }
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafe(CHUNK);
      let count: number;
      try {
        ({ bytesRead: count } = await handle.read(buffer, 0, CHUNK, null));
      } catch (error) {
        throw new UnreadableSource(unreadable(shown, error as NodeJS.ErrnoException));
      }
      if (count === 0) return;
      yield buffer.subarray(0, count);
    }
  } finally {
    await handle.close();
  }
}

/** A stream whose first bytes have been looked at: `all` replays them; `close` abandons it. */
export type Peeked = {
  head: Uint8Array;
  all: AsyncGenerator<Uint8Array>;
  close: () => Promise<void>;
};

/** The first `length` bytes (fewer if the stream is shorter), and the stream from the start. */
export async function peek(chunks: AsyncIterable<Uint8Array>, length: number): Promise<Peeked> {
  const iterator = chunks[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let have = 0;
  while (have < length) {
    const step = await iterator.next();
    if (step.done === true) break;
    taken.push(step.value);
    have += step.value.length;
  }
  const head = taken.length === 1 ? taken[0]! : Buffer.concat(taken);
  const close = async (): Promise<void> => {
    await iterator.return?.();
  };
  return { head, all: replay(taken, iterator), close };
}

async function* replay(
  taken: Uint8Array[],
  rest: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    yield* taken;
    for (;;) {
      const step = await rest.next();
      if (step.done === true) return;
      yield step.value;
    }
  } finally {
    await rest.return?.();
  }
}
