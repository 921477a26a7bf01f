// Reads a tar stream in one pass and turns its members into ledger entries.
// Every 512-byte block is looked at once, in order, as the bytes arrive:
// a header's checksum and size are read strictly (tar-fields.ts), its name,
// mode and type by tar-stream's codec (tar-codec.ts), an extended header's
// records strictly (pax.ts); each member is then judged from its header alone
// (kind, size, path) before any of its body is taken, so a body is read only
// when it is an accepted file's, and skipped otherwise. The end-of-archive
// marker (two zero blocks) is where the archive ends: what follows may only
// be zero padding, and a stream that stops anywhere else is truncated. One
// outcome settles on the first refusal, or once the input has ended.
//
// Extended headers follow tar-stream's reading, which the conformance cases
// pin: a GNU long name ('L') names the next member, a PAX 'x' header's path
// and size override the member's own, and global ('g') records are merged
// only into a member that has its own 'x' header. A GNU 'N' header (old-style
// names) is never interpreted: it is a member of a vendor type.

import { isText, MAX_BYTES } from "@skillshelf/contract";
import type { Ledger } from "../ledger.js";
import type { Refusal } from "../types.js";
import { checkPaxRecords, type PaxRecords } from "./pax.js";
import { decodeLongName, decodeMemberHeader } from "./tar-codec.js";
import { checksumHolds, readSizeField } from "./tar-fields.js";
import { kindOf, nameOf, nameOfField } from "./tar-header.js";
import { BLOCK, TYPE_AT } from "./tar-layout.js";

/** tar-stream refuses extended headers above this size; the reader agrees. */
const MAX_EXTENDED = 4 * 1024 * 1024;
const PAX = 0x78; // 'x'
const PAX_GLOBAL = 0x67; // 'g'
const GNU_LONG_NAME = 0x4c; // 'L'
const GNU_LONG_LINK = 0x4b; // 'K'
const GNU_OLD_NAMES = 0x4e; // 'N'
const NAME_LENGTH = 100;
const EMPTY = new Uint8Array(0);
/** The largest body judged as text as soon as it is read (see takeBody). */
const JUDGED_AT_ONCE = 256 * 1024;
const ZERO_BLOCK = new Uint8Array(BLOCK);

const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

/** What a step through the stream comes to. */
type Step = "more" | "wait" | Refusal;

/** What extended headers said about the member that has not come yet. */
type Pending = { longName?: string; own?: PaxRecords };

/** The body being taken into the ledger: how much is left, and the pieces so far. */
type Keeping = {
  slot: number;
  executable: boolean;
  size: number;
  left: number;
  pieces: Uint8Array[];
};

export class TarReader {
  private readonly queue: Uint8Array[] = [];
  private headOffset = 0;
  private buffered = 0;
  /** Where in the tar stream the first buffered byte lies. */
  private position = 0;
  /** Bytes to pass over unread: a skipped body, or a body's padding. */
  private skipping = 0;
  private keeping: Keeping | undefined;
  private pending: Pending | undefined;
  private global: PaxRecords | undefined;
  private zeroBlocks = 0;
  private cutWith: Refusal | undefined;
  private refusal: Refusal | undefined;
  /** Whether the outcome is known: the first refusal, or the end of the input. */
  settled = false;

  constructor(private readonly ledger: Ledger) {}

  /** Reads the next bytes of the tar stream, as far as they go. */
  write(chunk: Uint8Array): void {
    if (this.settled || chunk.length === 0) return;
    this.queue.push(chunk);
    this.buffered += chunk.length;
    this.walk();
  }

  /**
   * The bytes stop here because a limit was reached: what was written has
   * been read, so a refusal in it comes first, and the archive is refused
   * with `refusal` where it would otherwise be accepted or seen as truncated.
   */
  cut(refusal: Refusal): void {
    this.cutWith = refusal;
  }

  /** Stops reading: the outcome is a refusal decided elsewhere (a gzip error, a cancel). */
  stop(refusal: Refusal): void {
    this.settle(refusal);
  }

  /** No more bytes will come: the outcome, a refusal or undefined for a whole archive. */
  end(): Refusal | undefined {
    if (!this.settled) this.settle(this.problemAtEnd());
    return this.refusal;
  }

  private problemAtEnd(): Refusal | undefined {
    if (this.pending !== undefined && this.buffered === 0 && this.skipping === 0) {
      return corrupt("an extended header that no member follows");
    }
    if (this.keeping !== undefined || this.skipping > 0 || this.buffered > 0) {
      return corrupt("it is truncated");
    }
    if (this.zeroBlocks < 2) return corrupt("it ends without its end-of-archive marker");
    return undefined;
  }

  private walk(): void {
    while (!this.settled) {
      const step = this.step();
      if (step === "wait") return;
      if (step !== "more") this.settle(step);
    }
  }

  /** One step through the stream: on to the next, wait for more bytes, or a refusal. */
  private step(): Step {
    if (this.skipping > 0) {
      const skipped = Math.min(this.skipping, this.buffered);
      this.drop(skipped);
      this.skipping -= skipped;
      if (this.skipping > 0) return "wait";
    }
    if (this.keeping !== undefined) return this.takeBody(this.keeping) ? "more" : "wait";
    if (this.buffered < BLOCK) return "wait";
    const block = this.peek(BLOCK);
    if (isZero(block)) {
      if (this.pending !== undefined) return corrupt("an extended header that no member follows");
      this.drop(BLOCK);
      this.zeroBlocks++;
      return "more";
    }
    if (this.zeroBlocks > 0) return corrupt("data after the end-of-archive marker");
    if (!checksumHolds(block)) {
      return corrupt(`a header whose checksum is wrong at byte ${this.position}`);
    }
    const type = block[TYPE_AT]!;
    if (type === GNU_OLD_NAMES) {
      return this.vendorMember(block, "a GNU 'N' header (old-style names), a vendor type");
    }
    const extended =
      type === PAX || type === PAX_GLOBAL || type === GNU_LONG_NAME || type === GNU_LONG_LINK;
    return extended ? this.readExtended(block, type) : this.readMember(block);
  }

  /** Takes an extended header whole, once its body has all arrived. */
  private readExtended(block: Uint8Array, type: number): Step {
    const size = readSizeField(block);
    if (size === undefined || size > MAX_EXTENDED) {
      return corrupt(`an extended header with an invalid size at byte ${this.position}`);
    }
    const span = BLOCK + size + padding(size);
    if (this.buffered < span) return "wait";
    const body = this.peek(BLOCK + size).subarray(BLOCK);
    const pending: Pending = this.pending ?? {};
    if (type === GNU_LONG_NAME) {
      pending.longName = decodeLongName(body);
    } else if (type === PAX || type === PAX_GLOBAL) {
      const records = checkPaxRecords(body);
      if (!records.ok) return corrupt(records.detail);
      const { ok: _, ...found } = records;
      if (type === PAX) pending.own = found;
      else this.global = merged(this.global, found);
    }
    this.drop(span);
    // A global header stands alone; every other extended header belongs to the next member.
    if (type !== PAX_GLOBAL) this.pending = pending;
    return "more";
  }

  /** Judges a member from its header, then arranges for its body to be taken or passed over. */
  private readMember(block: Uint8Array): Step {
    const at = this.position;
    const header = decodeMemberHeader(block);
    if (header === undefined) return corrupt(`a header with no fields at byte ${at}`);
    const pending = this.pending;
    this.pending = undefined;
    const records = pending?.own === undefined ? undefined : merged(this.global, pending.own);
    const size = records?.size ?? readSizeField(block);
    if (size === undefined) return corrupt(`a size field that is not a number at byte ${at}`);
    const { kind, detail } = kindOf(header, block[TYPE_AT]!, records?.sparse ?? false);
    const { raw, utf8 } = nameOf(pending?.longName ?? header.name, records?.path);
    if (kind === "directory" && size > 0) {
      return corrupt(`the directory '${raw}' claims a body of ${size} bytes`);
    }
    // A link or special member that claims a body is refused from its header,
    // selected or not: nothing says what its body is, so nothing after it can be framed.
    if ((kind === "link" || kind === "special") && size > 0) {
      const refusal: Refusal = { code: kind === "link" ? "link" : "not-regular-file", path: raw };
      return detail === undefined ? refusal : { ...refusal, detail };
    }
    const admission = this.ledger.admit({ raw, utf8, kind, size, ...(detail ? { detail } : {}) });
    if (admission.kind === "refused") return admission.refusal;
    this.drop(BLOCK);
    const executable = (header.mode & 0o100) !== 0;
    if (kind !== "file" || size === 0) {
      if (admission.kind === "file") this.ledger.fill(admission.slot, EMPTY, executable);
      return "more";
    }
    if (at + BLOCK + size > MAX_BYTES) return { code: "too-large", limit: MAX_BYTES };
    if (admission.kind === "file") {
      this.keeping = { slot: admission.slot, executable, size, left: size, pieces: [] };
    } else {
      this.skipping = size + padding(size);
    }
    return "more";
  }

  /** Takes what has arrived of a kept body, as views of its chunks; true once it is whole. */
  private takeBody(keeping: Keeping): boolean {
    while (keeping.left > 0 && this.buffered > 0) {
      const head = this.queue[0]!;
      const length = Math.min(keeping.left, head.length - this.headOffset);
      keeping.pieces.push(head.subarray(this.headOffset, this.headOffset + length));
      keeping.left -= length;
      this.drop(length);
    }
    if (keeping.left > 0) return false;
    // A small body is joined and judged as text now, while its bytes are
    // fresh in the cache (and, from a gunzip, while the inflater works on the
    // next ones). A large one waits until the source is known to be within
    // its limits: a bomb of 1 MiB members is refused without copying any.
    const { pieces } = keeping;
    if (keeping.size > JUDGED_AT_ONCE) {
      this.ledger.fill(keeping.slot, pieces.length === 1 ? pieces[0]! : pieces, keeping.executable);
    } else {
      const body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, keeping.size);
      this.ledger.fill(keeping.slot, body, keeping.executable, isText(body));
    }
    this.keeping = undefined;
    this.skipping = padding(keeping.size);
    return true;
  }

  /** A vendor header is a member the ledger refuses by its kind (or a selection ignores). */
  private vendorMember(block: Uint8Array, detail: string): Refusal {
    const name = nameOfField(block.subarray(0, NAME_LENGTH));
    const admission = this.ledger.admit({ ...name, kind: "special", size: 0, detail });
    return admission.kind === "refused"
      ? admission.refusal
      : { code: "not-regular-file", path: name.raw, detail };
  }

  private settle(found: Refusal | undefined): void {
    if (this.settled) return;
    const cut =
      this.cutWith !== undefined && (found === undefined || found.code === "corrupt-archive");
    this.refusal = cut ? this.cutWith : found;
    this.settled = true;
    this.queue.length = 0;
    this.buffered = 0;
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

/** Records over the ones in force: what a header gives hides what was there before. */
function merged(under: PaxRecords | undefined, over: PaxRecords): PaxRecords {
  if (under === undefined) return over;
  return {
    ...under,
    ...(over.path === undefined ? {} : { path: over.path }),
    ...(over.size === undefined ? {} : { size: over.size }),
    sparse: under.sparse || over.sparse,
  };
}

/** A member header starts with its name, so a non-zero first byte settles most blocks at once. */
function isZero(block: Uint8Array): boolean {
  if (block[0] !== 0) return false;
  return Buffer.compare(block, ZERO_BLOCK) === 0;
}

function corrupt(detail: string): Refusal {
  return { code: "corrupt-archive", detail };
}
