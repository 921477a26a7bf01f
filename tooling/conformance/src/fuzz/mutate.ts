// Mutations for fuzzing a tar reader: start from valid archives the builders
// write and damage them the ways real hostile input does (flipped bytes,
// truncation, spliced and repeated header blocks, base-256 and odd octal
// sizes, random PAX records, broken gzip). Mutations are data, so a failing
// run prints exactly what to turn into a conformance case. The fast-check
// arbitraries that draw them live in ./arbitraries.ts.
import { cases } from "../cases/index.js";
import { buildTar } from "../tar/build-tar.js";
import { BLOCK, checksumOf, writeBase256, writeHeader } from "../tar/header.js";
import type { Case } from "../types.js";

export type Mutation =
  | { kind: "flip"; at: number; value: number }
  | { kind: "truncate"; at: number }
  | { kind: "splice"; from: number; to: number }
  | { kind: "repeat"; block: number; times: number }
  | { kind: "base256"; block: number; size: bigint }
  | { kind: "size"; block: number; digits: string }
  | { kind: "typeflag"; block: number; flag: number }
  | { kind: "reseal"; block: number }
  | { kind: "insert"; block: number; header: InsertedHeader };

/** A header written fresh and inserted, claiming `size` bytes and followed by `body` bytes of "A". */
export type InsertedHeader = { name: string; typeflag: number; size: number; body: number };

const seedNames = [
  "a collection of skills",
  "a root skill in a bare archive takes the archive's name",
  "the owner-execute bit marks a file executable",
  "a long path carried by a PAX record",
  "macOS metadata and .git contents are set aside",
  "a symbolic link",
];

/** Valid archives to start from, built by the tar writer. */
export function fuzzSeeds(): { case: Case; tar: Uint8Array }[] {
  return seedNames.map((name) => {
    const c = cases.find((x) => x.name === name);
    if (c === undefined) throw new Error(`no seed case ${name}`);
    // Without record padding, so mutations land in headers and bodies, not in trailing zeros.
    return { case: c, tar: buildTar({ ...c, archive: { ...c.archive, record: 0 } }) };
  });
}

const encoder = new TextEncoder();

/** Re-seals a header block's checksum, so a mutation reaches past the checksum check. */
function reseal(bytes: Uint8Array, block: number): void {
  const at = block * BLOCK;
  if (at + BLOCK > bytes.length) return;
  const header = bytes.subarray(at, at + BLOCK);
  header.set(encoder.encode(checksumOf(header).toString(8).padStart(6, "0")), 148);
  header[154] = 0;
  header[155] = 0x20;
}

function blocksOf(bytes: Uint8Array): number {
  return Math.max(1, Math.floor(bytes.length / BLOCK));
}

function applyOne(bytes: Uint8Array, m: Mutation): Uint8Array {
  const blocks = blocksOf(bytes);
  switch (m.kind) {
    case "flip": {
      if (bytes.length > 0) bytes[m.at % bytes.length] = m.value;
      return bytes;
    }
    case "truncate":
      return bytes.subarray(0, m.at % (bytes.length + 1));
    case "splice": {
      const from = (m.from % blocks) * BLOCK;
      const to = (m.to % blocks) * BLOCK;
      const copy = bytes.slice(from, from + BLOCK);
      if (to + copy.length <= bytes.length) bytes.set(copy, to);
      return bytes;
    }
    case "repeat": {
      const at = (m.block % blocks) * BLOCK;
      const block = bytes.slice(at, at + BLOCK);
      const out = new Uint8Array(bytes.length + block.length * m.times);
      out.set(bytes.subarray(0, at + block.length));
      for (let i = 1; i <= m.times; i++) out.set(block, at + i * block.length);
      out.set(bytes.subarray(at + block.length), at + block.length * (m.times + 1));
      return out;
    }
    case "base256": {
      const block = m.block % blocks;
      if ((block + 1) * BLOCK > bytes.length) return bytes;
      writeBase256(bytes, block * BLOCK + 124, 12, m.size);
      reseal(bytes, block);
      return bytes;
    }
    case "size": {
      const block = m.block % blocks;
      if ((block + 1) * BLOCK > bytes.length) return bytes;
      bytes.set(encoder.encode(m.digits.padEnd(12, "\0").slice(0, 12)), block * BLOCK + 124);
      reseal(bytes, block);
      return bytes;
    }
    case "reseal": {
      reseal(bytes, m.block % blocks);
      return bytes;
    }
    case "insert": {
      const at = Math.min((m.block % blocks) * BLOCK, bytes.length);
      const { name, typeflag, size, body } = m.header;
      const header = writeHeader({
        name: encoder.encode(name).subarray(0, 100),
        mode: 0o644,
        size,
        typeflag,
      });
      const padded = Math.ceil(body / BLOCK) * BLOCK;
      const out = new Uint8Array(bytes.length + BLOCK + padded);
      out.set(bytes.subarray(0, at));
      out.set(header, at);
      out.fill(0x41, at + BLOCK, at + BLOCK + body);
      out.set(bytes.subarray(at), at + BLOCK + padded);
      return out;
    }
    case "typeflag": {
      const block = m.block % blocks;
      if ((block + 1) * BLOCK > bytes.length) return bytes;
      bytes[block * BLOCK + 156] = m.flag;
      reseal(bytes, block);
      return bytes;
    }
  }
}

/** Re-seals every block that carries the ustar magic, so damage inside headers is read, not rejected by checksum. */
export function resealHeaders(bytes: Uint8Array): Uint8Array {
  for (let block = 0; (block + 1) * BLOCK <= bytes.length; block++) {
    const at = block * BLOCK + 257;
    if (bytes[at] === 0x75 && bytes[at + 1] === 0x73 && bytes[at + 2] === 0x74)
      reseal(bytes, block);
  }
  return bytes;
}

/** Applies mutations in order to a copy of `bytes`. */
export function applyMutations(bytes: Uint8Array, mutations: readonly Mutation[]): Uint8Array {
  return mutations.reduce<Uint8Array>((out, m) => applyOne(out, m), new Uint8Array(bytes));
}
