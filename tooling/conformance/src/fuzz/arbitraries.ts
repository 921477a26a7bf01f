// fast-check arbitraries for the fuzzer: mutations of valid archives (see
// ./mutate.ts) weighted toward header damage that survives a checksum, and
// random PAX records with the keys a reader acts on.
import fc from "fast-check";
import type { InsertedHeader, Mutation } from "./mutate.js";

const index = fc.nat({ max: 1 << 20 });

const insertedHeaderArbitrary: fc.Arbitrary<InsertedHeader> = fc.record({
  name: fc.constantFrom(
    "bundle/",
    "bundle/s/SKILL.md",
    "bundle/x",
    "././@LongLink",
    "PaxHeader",
    "bundle/s/",
  ),
  typeflag: fc.constantFrom(0x30, 0x31, 0x32, 0x35, 0x4b, 0x4c, 0x67, 0x78, 0x53, 0x44, 0x4d, 0x56),
  size: fc.oneof(fc.nat(2048), fc.constantFrom(0, 511, 512, 513, 0o77777777777)),
  body: fc.nat(2048),
});

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("flip" as const),
    at: index,
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: index }),
  fc.record({ kind: fc.constant("splice" as const), from: fc.nat(64), to: fc.nat(64) }),
  fc.record({
    kind: fc.constant("repeat" as const),
    block: fc.nat(64),
    times: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant("base256" as const),
    block: fc.nat(64),
    size: fc.bigInt({ min: 0n, max: (1n << 88n) - 1n }),
  }),
  fc.record({
    kind: fc.constant("size" as const),
    block: fc.nat(64),
    digits: fc.stringMatching(/^[0-7 x\u0000-]{0,12}$/),
  }),
  fc.record({
    kind: fc.constant("typeflag" as const),
    block: fc.nat(64),
    flag: fc.constantFrom(
      0,
      0x30,
      0x31,
      0x32,
      0x35,
      0x36,
      0x4b,
      0x4c,
      0x53,
      0x67,
      0x78,
      0x41,
      0x39,
    ),
  }),
  fc.record({ kind: fc.constant("reseal" as const), block: fc.nat(64) }),
  fc.record({
    kind: fc.constant("insert" as const),
    block: fc.nat(64),
    header: insertedHeaderArbitrary,
  }),
);

const paxKeys = [
  "path",
  "linkpath",
  "size",
  "mtime",
  "uid",
  "gid",
  "uname",
  "hdrcharset",
  "comment",
];

/** Random PAX records: known keys with odd values, and odd keys. */
export const paxRecordsArbitrary: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.oneof(fc.constantFrom(...paxKeys), fc.string({ maxLength: 12 })),
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }).map(String),
    fc.constantFrom("bundle/s/SKILL.md", "../x", "/abs", "", "bundle/s/", "1e3", "0x10"),
  ),
  { maxKeys: 5 },
);
