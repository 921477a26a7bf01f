// Mutations for fuzzing the zip reader: valid zips from the zip writer,
// damaged in the fields a zip reader trusts. A zip's structures are found by
// their signatures, so a mutation names a structure (the n-th local header,
// central record or end record) and a field inside it, and writes a value
// chosen to hurt (0, all ones, off by one, a random number) - sizes, offsets,
// name lengths, counts, methods, flags and attributes. Byte flips, truncation
// and duplicated central records cover the rest. Mutations are data, so a
// failing run prints what to turn into a case.
import fc from "fast-check";
import { cases } from "../cases/index.js";
import type { Case } from "../types.js";
import { buildZip } from "../zip/build-zip.js";

export type ZipStructure = "local" | "central" | "end";

export type ZipMutation =
  | { kind: "flip"; at: number; value: number }
  | { kind: "truncate"; at: number }
  | {
      kind: "field";
      structure: ZipStructure;
      index: number;
      offset: number;
      width: 2 | 4;
      value: ZipValue;
    }
  | { kind: "duplicate-record"; index: number };

export type ZipValue = "zero" | "ones" | "plus-one" | "minus-one" | { set: number };

const SIGNATURES: Record<ZipStructure, number> = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
};

/** Offsets of the fields worth damaging in each structure. */
export const zipFields: Record<ZipStructure, readonly { offset: number; width: 2 | 4 }[]> = {
  // flags, method, crc, compressed, uncompressed, name length, extra length
  local: [
    { offset: 6, width: 2 },
    { offset: 8, width: 2 },
    { offset: 14, width: 4 },
    { offset: 18, width: 4 },
    { offset: 22, width: 4 },
    { offset: 26, width: 2 },
    { offset: 28, width: 2 },
  ],
  // made by, flags, method, crc, sizes, name/extra/comment lengths, attributes, offset
  central: [
    { offset: 4, width: 2 },
    { offset: 8, width: 2 },
    { offset: 10, width: 2 },
    { offset: 16, width: 4 },
    { offset: 20, width: 4 },
    { offset: 24, width: 4 },
    { offset: 28, width: 2 },
    { offset: 30, width: 2 },
    { offset: 32, width: 2 },
    { offset: 38, width: 4 },
    { offset: 42, width: 4 },
  ],
  // disk numbers, counts, directory size and offset, comment length
  end: [
    { offset: 4, width: 2 },
    { offset: 8, width: 2 },
    { offset: 10, width: 2 },
    { offset: 12, width: 4 },
    { offset: 16, width: 4 },
    { offset: 20, width: 2 },
  ],
};

const zipSeedNames = [
  "a collection of skills",
  "a root skill in a bare archive takes the archive's name",
  "the owner-execute bit marks a file executable",
  "macOS metadata and .git contents are set aside",
  "a symbolic link",
  "zip64 sizes and offset",
  "a data descriptor with its signature",
  "a legacy name with a Unicode Path field that agrees",
];

/** Valid zips to start from, built by the zip writer. */
export function zipFuzzSeeds(): { case: Case; zip: Uint8Array }[] {
  return zipSeedNames.map((name) => {
    const c = cases.find((x) => x.name === name);
    if (c === undefined) throw new Error(`no seed case ${name}`);
    return { case: c, zip: buildZip(c) };
  });
}

/** Where the n-th structure of a kind starts (counting round the ones present), or -1. */
function find(bytes: Uint8Array, structure: ZipStructure, index: number): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const found: number[] = [];
  for (let at = 0; at + 4 <= view.length; at++) {
    if (view.readUInt32LE(at) === SIGNATURES[structure]) found.push(at);
  }
  return found.length === 0 ? -1 : found[index % found.length]!;
}

function damagedValue(value: ZipValue, old: number, width: 2 | 4): number {
  const max = width === 2 ? 0xffff : 0xffffffff;
  if (value === "zero") return 0;
  if (value === "ones") return max;
  if (value === "plus-one") return old === max ? 0 : old + 1;
  if (value === "minus-one") return old === 0 ? max : old - 1;
  return value.set % (max + 1);
}

function applyOne(bytes: Uint8Array, m: ZipMutation): Uint8Array {
  if (bytes.length === 0) return bytes;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  switch (m.kind) {
    case "flip":
      view[m.at % view.length] = m.value;
      return bytes;
    case "truncate":
      return bytes.subarray(0, m.at % (bytes.length + 1));
    case "field": {
      const at = find(bytes, m.structure, m.index);
      const field = at + m.offset;
      if (at === -1 || field + m.width > view.length) return bytes;
      const old = m.width === 2 ? view.readUInt16LE(field) : view.readUInt32LE(field);
      const value = damagedValue(m.value, old, m.width);
      if (m.width === 2) view.writeUInt16LE(value, field);
      else view.writeUInt32LE(value, field);
      return bytes;
    }
    case "duplicate-record": {
      const at = find(bytes, "central", m.index);
      if (at === -1 || at + 46 > view.length) return bytes;
      const length =
        46 + view.readUInt16LE(at + 28) + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
      const record = view.subarray(at, Math.min(view.length, at + length));
      return Buffer.concat([view.subarray(0, at), record, view.subarray(at)]);
    }
  }
}

/** Applies the mutations, in order, to a copy of `bytes`. */
export function applyZipMutations(
  bytes: Uint8Array,
  mutations: readonly ZipMutation[],
): Uint8Array {
  return mutations.reduce<Uint8Array>((out, m) => applyOne(out, m), new Uint8Array(bytes));
}

const structureArbitrary = fc.constantFrom<ZipStructure>("local", "central", "end");

const fieldArbitrary: fc.Arbitrary<ZipMutation> = structureArbitrary.chain((structure) =>
  fc
    .record({
      kind: fc.constant("field" as const),
      structure: fc.constant(structure),
      index: fc.nat(16),
      offset: fc.constant(0),
      width: fc.constant(2 as const),
      value: fc.oneof(
        fc.constantFrom<ZipValue>("zero", "ones", "plus-one", "minus-one"),
        fc.record({ set: fc.nat() }),
      ),
    })
    .chain((m) =>
      fc
        .constantFrom(...zipFields[structure])
        .map((f) => ({ ...m, offset: f.offset, width: f.width })),
    ),
);

/** Zip mutations, weighted toward field damage (which passes the signature checks). */
export const zipMutationArbitrary: fc.Arbitrary<ZipMutation> = fc.oneof(
  { weight: 6, arbitrary: fieldArbitrary },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("flip" as const),
      at: fc.nat({ max: 1 << 16 }),
      value: fc.integer({ min: 0, max: 255 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("truncate" as const), at: fc.nat({ max: 1 << 16 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("duplicate-record" as const), index: fc.nat(16) }),
  },
);
