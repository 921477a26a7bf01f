// Turns a case's entries into tar members: header blocks (with a PAX 'x'
// header first when a name does not fit ustar or the case asks for records),
// then the body padded to whole blocks. Yields chunks so a bomb-sized member
// never sits in memory whole.
import { contentOf, impliedDirsOf, kindOf, memberNameOf, utf8 } from "../entry-paths.js";
import type { Case, Entry, EntryKind } from "../types.js";
import { BLOCK, writeHeader } from "./header.js";
import { paxBody } from "./pax.js";

const typeflags: Record<EntryKind, string> = {
  file: "0",
  dir: "5",
  symlink: "2",
  hardlink: "1",
  chardev: "3",
  blockdev: "4",
  fifo: "6",
  contiguous: "7",
  sparse: "S",
  vendor: "A",
  unknown: "9",
};

const ZEROS = new Uint8Array(64 * 1024);

/** Splits a name into ustar's prefix and name fields, or says it needs PAX. */
function splitName(name: Uint8Array): { name: Uint8Array; prefix?: Uint8Array } | undefined {
  if (name.length <= 100) return { name };
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== 0x2f) continue;
    if (i <= 155 && name.length - i - 1 <= 100 && name.length - i - 1 > 0) {
      return { prefix: name.subarray(0, i), name: name.subarray(i + 1) };
    }
  }
  return undefined;
}

function typeflagOf(entry: Entry): number {
  const flag = entry.tar?.typeflag ?? typeflags[kindOf(entry)];
  return typeof flag === "number" ? flag : flag.charCodeAt(0);
}

function* paddedBody(bytes: Uint8Array): Generator<Uint8Array> {
  if (bytes.length === 0) return;
  yield bytes;
  const pad = (BLOCK - (bytes.length % BLOCK)) % BLOCK;
  if (pad > 0) yield new Uint8Array(pad);
}

function* zeroBody(size: number): Generator<Uint8Array> {
  let left = size + ((BLOCK - (size % BLOCK)) % BLOCK);
  while (left > 0) {
    const n = Math.min(left, ZEROS.length);
    yield ZEROS.subarray(0, n);
    left -= n;
  }
}

function* paxHeader(body: Uint8Array): Generator<Uint8Array> {
  yield writeHeader({ name: utf8("PaxHeader"), mode: 0o644, size: body.length, typeflag: 0x78 });
  yield* paddedBody(body);
}

function linknameOf(c: Case, entry: Entry): string | undefined {
  if (entry.linkTarget === undefined) return undefined;
  if (kindOf(entry) !== "hardlink" || c.layout === "bare") return entry.linkTarget;
  return `${c.root ?? "bundle"}/${entry.linkTarget}`;
}

/** One member: optional PAX header, its ustar header, its body. */
export function* memberChunks(c: Case, entry: Entry): Generator<Uint8Array> {
  const kind = kindOf(entry);
  const tweak = entry.tar ?? {};
  const full = memberNameOf(c, entry);
  const split = splitName(full);
  const link = linknameOf(c, entry);
  const linkBytes = link === undefined ? undefined : utf8(link);
  const records: Record<string, string> = {};
  if (split === undefined) records.path = new TextDecoder().decode(full);
  if (linkBytes !== undefined && linkBytes.length > 100) records.linkpath = link ?? "";
  Object.assign(records, tweak.pax);
  if (tweak.paxBody !== undefined) yield* paxHeader(tweak.paxBody);
  else if (Object.keys(records).length > 0) yield* paxHeader(paxBody(records));
  const size =
    kind === "file" ? (entry.zeros ?? contentOf(entry).length) : (tweak.claimedSize ?? 0);
  const fields = split ?? { name: full.subarray(0, 99) };
  yield writeHeader({
    ...fields,
    mode: entry.mode ?? (kind === "dir" ? 0o755 : 0o644),
    size,
    typeflag: typeflagOf(entry),
    linkname: linkBytes !== undefined && linkBytes.length <= 100 ? linkBytes : undefined,
    magic: tweak.magic,
    base256Size: tweak.base256Size,
    sizeField: tweak.sizeField,
    badChecksum: tweak.badChecksum,
    checksumField: tweak.checksumField,
  });
  if (kind === "file" && entry.zeros !== undefined) yield* zeroBody(entry.zeros);
  else if (kind === "file") yield* paddedBody(contentOf(entry));
  else if (size > 0) yield* paddedBody(new Uint8Array(size).fill(0x78));
}

/** Every member of a case, with implied parent directories before their children. */
export function* entryChunks(c: Case): Generator<Uint8Array> {
  const explicit = new Set(
    c.entries
      .filter((e) => kindOf(e) === "dir")
      .map((e) => new TextDecoder().decode(memberNameOf(c, e))),
  );
  const emitted = new Set<string>();
  for (const entry of c.entries) {
    if (c.impliedDirs !== false) {
      for (const dir of impliedDirsOf(c, entry)) {
        if (emitted.has(dir) || explicit.has(dir)) continue;
        emitted.add(dir);
        yield* memberChunks(c, { path: "", kind: "dir", tar: { name: dir } });
      }
    }
    yield* memberChunks(c, entry);
  }
}
