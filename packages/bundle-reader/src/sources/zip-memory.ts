// The zip's bytes as yauzl's random-access reader, answering each read at
// once. yauzl's own in-memory reader (fromBuffer) answers every read on a
// later turn of the event loop, two per central record: 20,000 turns for a
// zip at the entry limit, which on a busy machine cost more than parsing the
// records. The bytes are all in memory already, so nothing is gained by
// waiting. yauzl never asks this reader for a stream: skillshelf inflates
// members itself (zip-inflate.ts).
import { Readable } from "node:stream";
import { RandomAccessReader } from "yauzl";

type ReadDone = (error: Error | null, bytesRead: number) => void;

export class MemoryReader extends RandomAccessReader {
  constructor(private readonly zip: Buffer) {
    super();
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null) => void,
  ): void {
    const count = Math.max(0, Math.min(length, buffer.length - offset, this.zip.length - position));
    if (count > 0) this.zip.copy(buffer, offset, position, position + count);
    (callback as ReadDone)(null, count);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from([this.zip.subarray(start, end)]);
  }
}
