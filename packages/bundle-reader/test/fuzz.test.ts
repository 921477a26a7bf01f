// @module-tag heavy
// Property tests over hostile archives: valid archives (tars and zips) from
// the conformance builders, mutated, must each be read within a time bound to skills or a
// contract refusal, never an exception or a hang; the findings of every skill
// read (the step an import takes next) are worked out within the same bound
// and never throw either. FUZZ_RUNS sets the number
// of runs per property (a short budget by default; `pnpm fuzz` runs 200,000).
import { gzipSync } from "node:zlib";
import {
  applyMutations,
  applyZipMutations,
  buildTar,
  type Case,
  deepBracketsPastSkillLimit,
  fuzzSeeds,
  mutationArbitrary,
  paxRecordsArbitrary,
  resealHeaders,
  zipFuzzSeeds,
  zipMutationArbitrary,
} from "@skillshelf/conformance";
import { sourceCodes } from "@skillshelf/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findingsOf, readBundle } from "../src/index.js";
import type { ReadResult, Source } from "../src/types.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_500);
const BOUND_MS = 2_000;
const TIMEOUT = 60_000 + RUNS * 50;
const seeds = fuzzSeeds();

/** A read and then the findings of every skill it read, as an import takes them. */
async function readAndFind(source: Source): Promise<ReadResult> {
  const result = await readBundle(source);
  if (result.ok) for (const skill of result.skills) findingsOf(skill);
  return result;
}

/** Reads a source and finds, failing if either throws, takes longer than the bound, or answers off-contract. */
async function readWithinBound(source: Source): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"hung">((resolve) => {
    timer = setTimeout(() => resolve("hung"), BOUND_MS);
  });
  const result: ReadResult | "hung" = await Promise.race([readAndFind(source), bound]);
  clearTimeout(timer);
  expect(result, "read did not finish within the bound").not.toBe("hung");
  if (result === "hung" || result.ok) return;
  expect(sourceCodes).toContain(result.refusal.code);
}

const archive = (bytes: Uint8Array, named: boolean): Source =>
  named ? { kind: "archive", bytes, name: "fuzzed" } : { kind: "archive", bytes };

const seedArbitrary = fc.constantFrom(...seeds);
const zipSeedArbitrary = fc.constantFrom(...zipFuzzSeeds());
const mutationsArbitrary = fc.array(mutationArbitrary, { minLength: 1, maxLength: 8 });
const options = { numRuns: RUNS, endOnFailure: true };

describe("fuzz", () => {
  it(
    "mutated tar archives",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          seedArbitrary,
          mutationsArbitrary,
          fc.boolean(),
          async (seed, m, named) => {
            await readWithinBound(archive(applyMutations(seed.tar, m), named));
          },
        ),
        options,
      );
    },
    TIMEOUT,
  );

  it(
    "mutated zip archives",
    async () => {
      const zipMutations = fc.array(zipMutationArbitrary, { minLength: 1, maxLength: 6 });
      await fc.assert(
        fc.asyncProperty(zipSeedArbitrary, zipMutations, fc.boolean(), async (seed, m, named) => {
          await readWithinBound(archive(applyZipMutations(seed.zip, m), named));
        }),
        options,
      );
    },
    TIMEOUT,
  );

  it(
    "the over-limit SKILL.md with 64,000 '[' in its frontmatter, mutated",
    async () => {
      const seed = buildTar(deepBracketsPastSkillLimit);
      await fc.assert(
        fc.asyncProperty(mutationsArbitrary, fc.boolean(), async (m, gzip) => {
          const bytes = resealHeaders(applyMutations(seed, m));
          await readWithinBound(archive(gzip ? gzipSync(bytes) : bytes, true));
        }),
        { ...options, numRuns: Math.ceil(RUNS / 5) },
      );
    },
    TIMEOUT,
  );

  it(
    "zip archives damaged as tars are",
    async () => {
      await fc.assert(
        fc.asyncProperty(zipSeedArbitrary, mutationsArbitrary, async (seed, m) => {
          await readWithinBound(archive(applyMutations(seed.zip, m), true));
        }),
        options,
      );
    },
    TIMEOUT,
  );

  it(
    "mutated tar archives inside a valid gzip stream",
    async () => {
      await fc.assert(
        fc.asyncProperty(seedArbitrary, mutationsArbitrary, async (seed, m) => {
          const bytes = resealHeaders(applyMutations(seed.tar, m));
          await readWithinBound(archive(gzipSync(bytes), true));
        }),
        options,
      );
    },
    TIMEOUT,
  );

  it(
    "corrupted gzip streams",
    async () => {
      const gzipped = seeds.map((s) => gzipSync(s.tar));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...gzipped), mutationsArbitrary, async (gz, m) => {
          await readWithinBound(archive(applyMutations(gz, m), true));
        }),
        options,
      );
    },
    TIMEOUT,
  );

  it(
    "random PAX records before a member",
    async () => {
      const base = seeds[0]!.case;
      await fc.assert(
        fc.asyncProperty(paxRecordsArbitrary, fc.nat(base.entries.length - 1), async (pax, at) => {
          const entries = base.entries.map((e, i) => (i === at ? { ...e, tar: { pax } } : e));
          const c: Case = { ...base, entries };
          await readWithinBound(archive(buildTar(c), true));
        }),
        options,
      );
    },
    TIMEOUT,
  );

  it(
    "random bytes, bare and behind tar, gzip or zip magic",
    async () => {
      const prefixes = [
        new Uint8Array(),
        Uint8Array.from([0x1f, 0x8b, 0x08, 0x00]),
        Uint8Array.from([0x50, 0x4b, 0x03, 0x04]),
        Uint8Array.from([0x50, 0x4b, 0x05, 0x06]),
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...prefixes),
          fc.uint8Array({ maxLength: 4096 }),
          async (p, body) => {
            const bytes = new Uint8Array(p.length + body.length);
            bytes.set(p);
            bytes.set(body, p.length);
            if (bytes.length > 262) bytes.set([0x75, 0x73, 0x74, 0x61, 0x72, 0x00], 257);
            await readWithinBound(archive(bytes, false));
          },
        ),
        options,
      );
    },
    TIMEOUT,
  );

  it(
    "random upload lists",
    async () => {
      const segment = fc.oneof(
        fc.constantFrom(
          "b",
          "s",
          "SKILL.md",
          ".",
          "..",
          "",
          ".git",
          "._x",
          "CON",
          "a ",
          "é",
          "e\u0301",
        ),
        fc.string({ maxLength: 8 }),
      );
      const upload = fc.record({
        path: fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join("/")),
        bytes: fc.uint8Array({ maxLength: 64 }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(upload, { maxLength: 12 }), async (files) => {
          await readWithinBound({ kind: "uploads", files });
        }),
        options,
      );
    },
    TIMEOUT,
  );
});
