// Follows the block structure of a tar stream alongside tar-stream, to see
// what tar-stream passes over in silence: the end-of-archive marker (it reads
// on past zero blocks), data after it, extended headers (PAX records, GNU long
// names) and the raw size and checksum fields of each header. The frame sees
// every byte before tar-stream does and stops at each member header until
// tar-stream reports that member, so the two must agree on where every member
// begins; any disagreement means the archive is malformed. A GNU 'N' header
// (old-style names), which tar-stream would take as a long name for the next
// member, is reported as a vendor member instead, never interpreted.
import { checkPaxRecords } from "./pax.js";
import { checksumHolds, readSizeField } from "./tar-fields.js";
import { BLOCK, TYPE_AT } from "./tar-layout.js";

/** tar-stream refuses extended headers above this size; the frame agrees. */
const MAX_EXTENDED = 4 * 1024 * 1024;
const PAX = 0x78; // 'x'
const PAX_GLOBAL = 0x67; // 'g'
const GNU_OLD_NAMES = 0x4e; // 'N'
const EXTENDED = new Set([PAX, PAX_GLOBAL, 0x4c, 0x4b]); // x g L K
const NAME_LENGTH = 100;

/** What the frame found wrong: damage, or a vendor header it refuses to interpret. */
export type FrameProblem =
  | { kind: "corrupt"; detail: string }
  | { kind: "vendor"; header: Uint8Array; detail: string };

export type Member =
  | { ok: true; pathUtf8: boolean; typeflag: number; sparse: boolean }
  | { ok: false; problem: FrameProblem };

const padded = (size: number): number => Math.ceil(size / BLOCK) * BLOCK;

/** The PAX records in force for the next member: its own 'x' header's, over the global ones. */
type Records = { present: boolean; pathUtf8?: boolean; size?: number; sparse: boolean };
const none = (): Records => ({ present: false, sparse: false });

export class TarFrame {
  private readonly queue: Uint8Array[] = [];
  private headOffset = 0;
  private buffered = 0;
  private position = 0;
  private skipping = 0;
  private waiting = false;
  private zeroBlocks = 0;
  /** An 'x', 'L' or 'K' header was read, and the member it belongs to has not come yet. */
  private extended = false;
  private own: Records = none();
  private global: Records = none();
  private problem: FrameProblem | undefined;
  /** Where the end-of-archive marker ends, once seen; what follows can only be padding. */
  endAt: number | undefined;

  /** Takes the next bytes of the tar stream; returns a problem found in them, if any. */
  feed(chunk: Uint8Array): FrameProblem | undefined {
    if (chunk.length > 0) {
      this.queue.push(chunk);
      this.buffered += chunk.length;
    }
    return this.walk();
  }

  /** tar-stream reports a member whose header starts at `headerAt` and whose body has `size` bytes. */
  enter(headerAt: number, size: number): Member {
    const problem = this.walk();
    if (problem !== undefined) return { ok: false, problem };
    if (!this.waiting || this.position !== headerAt) {
      return this.fail(`an unexpected block at byte ${Math.min(this.position, headerAt)}`);
    }
    const block = this.peek(BLOCK);
    // tar-stream merges the global records only into a member with its own 'x' header.
    const records = this.own.present ? { ...this.global, ...defined(this.own) } : none();
    const stored = records.size ?? readSizeField(block);
    if (stored === undefined)
      return this.fail(`a size field that is not a number at byte ${headerAt}`);
    if (stored !== size)
      return this.fail(`a size that does not match its header at byte ${headerAt}`);
    const member: Member = {
      ok: true,
      pathUtf8: records.pathUtf8 ?? true,
      typeflag: block[TYPE_AT]!,
      sparse: records.sparse,
    };
    this.waiting = false;
    this.extended = false;
    this.own = none();
    this.skipping = BLOCK + padded(size);
    return member;
  }

  /** The input has ended: everything must have been framed, ending with the marker. */
  finish(): FrameProblem | undefined {
    const problem = this.walk();
    if (problem !== undefined) return problem;
    if (this.extended && this.buffered === 0 && this.skipping === 0) {
      return corrupt("an extended header that no member follows");
    }
    if (this.skipping > 0 || this.waiting || this.extended || this.buffered > 0) {
      return corrupt("it is truncated");
    }
    if (this.zeroBlocks < 2) return corrupt("it ends without its end-of-archive marker");
    return undefined;
  }

  private walk(): FrameProblem | undefined {
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
        if (this.extended) return this.fail("an extended header that no member follows").problem;
        this.drop(BLOCK);
        this.zeroBlocks++;
        if (this.zeroBlocks === 2) this.endAt = this.position;
        continue;
      }
      if (this.zeroBlocks > 0) return this.fail("data after the end-of-archive marker").problem;
      if (!checksumHolds(block)) {
        return this.fail(`a header whose checksum is wrong at byte ${this.position}`).problem;
      }
      const type = block[TYPE_AT]!;
      if (type === GNU_OLD_NAMES) {
        this.problem = {
          kind: "vendor",
          header: block.slice(0, NAME_LENGTH),
          detail: "a GNU 'N' header (old-style names), a vendor type",
        };
        return this.problem;
      }
      if (!EXTENDED.has(type)) {
        this.waiting = true;
        return undefined;
      }
      const size = readSizeField(block);
      if (size === undefined || size > MAX_EXTENDED) {
        return this.fail(`an extended header with an invalid size at byte ${this.position}`)
          .problem;
      }
      const span = BLOCK + padded(size);
      if (this.buffered < span) return undefined;
      if (type === PAX || type === PAX_GLOBAL) {
        const records = checkPaxRecords(this.peek(BLOCK + size).subarray(BLOCK));
        if (!records.ok) return this.fail(records.detail).problem;
        const found: Records = {
          present: true,
          ...(records.path === undefined ? {} : { pathUtf8: records.path.utf8 }),
          ...(records.size === undefined ? {} : { size: records.size }),
          sparse: records.sparse,
        };
        if (type === PAX) this.own = found;
        else this.global = { ...this.global, ...defined(found) };
      }
      this.drop(span);
      // A global header stands alone; every other extended header belongs to the next member.
      if (type !== PAX_GLOBAL) this.extended = true;
    }
    return this.problem;
  }

  private fail(detail: string): { ok: false; problem: FrameProblem } {
    this.problem ??= corrupt(detail);
    return { ok: false, problem: this.problem };
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

function corrupt(detail: string): FrameProblem {
  return { kind: "corrupt", detail };
}

/** The records a header gave, without the fields it left out (so they do not hide global ones). */
function defined(records: Records): Partial<Records> {
  const out: Partial<Records> = { present: records.present };
  if (records.pathUtf8 !== undefined) out.pathUtf8 = records.pathUtf8;
  if (records.size !== undefined) out.size = records.size;
  if (records.sparse) out.sparse = true;
  return out;
}

const ZERO_BLOCK = Buffer.alloc(BLOCK);

/** A member header starts with its name, so a non-zero first byte settles most blocks at once. */
function isZero(block: Uint8Array): boolean {
  if (block[0] !== 0) return false;
  return Buffer.compare(block, ZERO_BLOCK) === 0;
}
