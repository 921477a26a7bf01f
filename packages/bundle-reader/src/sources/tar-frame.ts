// Follows the block structure of a tar stream alongside tar-stream, to see
// what tar-stream passes over in silence: the end-of-archive marker (it reads
// on past zero blocks), data after it, extended headers (PAX records, GNU long
// names) and the raw size field of each member. The frame sees every byte
// before tar-stream does and stops at each member header until tar-stream
// reports that member, so the two must agree on where every member begins;
// any disagreement means the archive is malformed.
import { checkPaxRecords } from "./pax.js";
import { BLOCK, TYPE_AT } from "./tar-layout.js";
import { readSizeField } from "./tar-size.js";

/** tar-stream refuses extended headers above this size; the frame agrees. */
const MAX_EXTENDED = 4 * 1024 * 1024;
const PAX = 0x78; // 'x'
const PAX_GLOBAL = 0x67; // 'g'
const EXTENDED = new Set([PAX, PAX_GLOBAL, 0x4c, 0x4b, 0x4e]); // x g L K N

export type Member = { ok: true; pathUtf8: boolean } | { ok: false; detail: string };

const padded = (size: number): number => Math.ceil(size / BLOCK) * BLOCK;

export class TarFrame {
  private readonly queue: Uint8Array[] = [];
  private headOffset = 0;
  private buffered = 0;
  private position = 0;
  private skipping = 0;
  private waiting = false;
  private zeroBlocks = 0;
  private extended = false;
  private pathUtf8 = true;
  private paxSize: number | undefined;
  private problem: string | undefined;
  /** Where the end-of-archive marker ends, once seen; what follows can only be padding. */
  endAt: number | undefined;

  /** Takes the next bytes of the tar stream; returns a problem found in them, if any. */
  feed(chunk: Uint8Array): string | undefined {
    if (chunk.length > 0) {
      this.queue.push(chunk);
      this.buffered += chunk.length;
    }
    return this.walk();
  }

  /** tar-stream reports a member whose header starts at `headerAt` and whose body has `size` bytes. */
  enter(headerAt: number, size: number): Member {
    const problem = this.walk();
    if (problem !== undefined) return { ok: false, detail: problem };
    if (!this.waiting || this.position !== headerAt) {
      return this.fail(`an unexpected block at byte ${Math.min(this.position, headerAt)}`);
    }
    const stored = this.paxSize ?? readSizeField(this.peek(BLOCK));
    if (stored === undefined)
      return this.fail(`a size field that is not a number at byte ${headerAt}`);
    if (stored !== size)
      return this.fail(`a size that does not match its header at byte ${headerAt}`);
    const member: Member = { ok: true, pathUtf8: this.pathUtf8 };
    this.waiting = false;
    this.extended = false;
    this.pathUtf8 = true;
    this.paxSize = undefined;
    this.skipping = BLOCK + padded(size);
    return member;
  }

  /** The input has ended: everything must have been framed, ending with the marker. */
  finish(): string | undefined {
    const problem = this.walk();
    if (problem !== undefined) return problem;
    if (this.skipping > 0 || this.waiting || this.extended || this.buffered > 0) {
      return "it is truncated";
    }
    if (this.zeroBlocks < 2) return "it ends without its end-of-archive marker";
    return undefined;
  }

  private walk(): string | undefined {
    while (this.problem === undefined) {
      if (this.skipping > 0) {
        const skipped = Math.min(this.skipping, this.buffered);
        this.drop(skipped);
        this.skipping -= skipped;
        if (this.skipping > 0) return undefined;
      }
      if (this.waiting || this.buffered < BLOCK) return undefined;
      const block = this.peek(BLOCK);
      if (isZero(block)) {
        if (this.extended) return this.fail("an extended header that no member follows").detail;
        this.drop(BLOCK);
        this.zeroBlocks++;
        if (this.zeroBlocks === 2) this.endAt = this.position;
        continue;
      }
      if (this.zeroBlocks > 0) return this.fail("data after the end-of-archive marker").detail;
      const type = block[TYPE_AT]!;
      if (!EXTENDED.has(type)) {
        this.waiting = true;
        return undefined;
      }
      const size = readSizeField(block);
      if (size === undefined || size > MAX_EXTENDED) {
        return this.fail(`an extended header with an invalid size at byte ${this.position}`).detail;
      }
      const span = BLOCK + padded(size);
      if (this.buffered < span) return undefined;
      if (type === PAX || type === PAX_GLOBAL) {
        const records = checkPaxRecords(this.peek(BLOCK + size).subarray(BLOCK));
        if (!records.ok) return this.fail(records.detail).detail;
        if (type === PAX) {
          this.pathUtf8 = records.pathUtf8;
          this.paxSize = records.size;
        }
      }
      this.drop(span);
      this.extended = true;
    }
    return this.problem;
  }

  private fail(detail: string): { ok: false; detail: string } {
    this.problem ??= detail;
    return { ok: false, detail: this.problem };
  }

  /** The next `length` bytes (which are buffered), copied only when they span chunks. */
  private peek(length: number): Uint8Array {
    const head = this.queue[0]!;
    if (head.length - this.headOffset >= length) {
      return head.subarray(this.headOffset, this.headOffset + length);
    }
    const out = new Uint8Array(length);
    let filled = 0;
    for (let i = 0; filled < length; i++) {
      const chunk = this.queue[i]!;
      const from = i === 0 ? this.headOffset : 0;
      const take = Math.min(chunk.length - from, length - filled);
      out.set(chunk.subarray(from, from + take), filled);
      filled += take;
    }
    return out;
  }

  private drop(length: number): void {
    this.buffered -= length;
    this.position += length;
    let left = length;
    while (left > 0) {
      const head = this.queue[0]!;
      const available = head.length - this.headOffset;
      if (left < available) {
        this.headOffset += left;
        return;
      }
      left -= available;
      this.queue.shift();
      this.headOffset = 0;
    }
  }
}

const ZERO_BLOCK = Buffer.alloc(BLOCK);

/** A member header starts with its name, so a non-zero first byte settles most blocks at once. */
function isZero(block: Uint8Array): boolean {
  if (block[0] !== 0) return false;
  return Buffer.compare(block, ZERO_BLOCK) === 0;
}
