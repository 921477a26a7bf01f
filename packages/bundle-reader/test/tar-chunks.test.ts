// The tar reader frames blocks as bytes arrive, so a header, a PAX body or a
// file body may be split anywhere between two chunks (a gunzip's output, a
// file read). However the same bytes are cut, the reader must record the
// same entries with the same bodies, and refuse the same way.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EntriesResult } from "../src/entries.js";
import { joinedBytes, Ledger } from "../src/ledger.js";
import { TarReader } from "../src/sources/tar-reader.js";
import { END, type Member, member, paxRecords, tar } from "./support/tar.js";

/** Reads `bytes` cut at `cuts` (offsets into it), as the archive source feeds them. */
function readInChunks(bytes: Uint8Array, cuts: number[]): unknown {
  const ledger = new Ledger(false);
  const reader = new TarReader(ledger);
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    reader.write(bytes.subarray(from, cut));
    from = cut;
  }
  reader.write(bytes.subarray(from));
  const refusal = reader.end();
  if (refusal !== undefined) return { refusal };
  return shape(ledger.finish("x"));
}

function shape(result: EntriesResult): unknown {
  if (!result.ok) return result;
  return result.entries.entries.map((entry) => ({
    ...entry,
    bytes: Buffer.from(joinedBytes(entry.bytes)).toString("latin1"),
  }));
}

const long = "deep/".repeat(40);
const archives: Record<string, Uint8Array> = {
  "files, a directory and an executable script": tar(
    { name: "s/", type: "5" },
    { name: "s/SKILL.md", body: "# s\n".repeat(300) },
    { name: "s/run.sh", body: "echo hi\n", mode: 0o755 },
    { name: "s/empty.md", body: "" },
  ),
  "PAX paths and a GNU long name": tar(
    { name: "stand-in", pax: { path: `s/${long}a.md` }, body: "a".repeat(1500) },
    { name: "././@LongLink", type: "L", body: `s/${long}b.md\0` },
    { name: "cut", body: "b\n" },
    { name: "g", type: "g", paxBody: paxRecords({ comment: "global" }) },
    { name: "s/c.md", pax: { path: "s/ç.md" }, body: "c" },
  ),
  "a refusal midway": tar(
    { name: "s/SKILL.md", body: "x".repeat(700) },
    { name: "s/link", type: "2", linkname: "SKILL.md" },
    { name: "s/dir/", type: "5", body: "claims a body" },
  ),
  "junk after the end marker": Buffer.concat([
    tar({ name: "s/SKILL.md", body: "x" }),
    member({ name: "s/late.md", body: "late" } satisfies Member),
  ]),
  truncated: tar({ name: "s/SKILL.md", body: "x".repeat(2000) }).subarray(0, 1500),
  "an extended header and no member": Buffer.concat([
    member({ name: "p", type: "x", paxBody: paxRecords({ path: "s/a.md" }) }).subarray(0, 1024),
    END,
  ]),
};

/** What each archive comes to, read whole: entry paths, or the refusal's detail. */
const outcomes: Record<string, string[] | string> = {
  "files, a directory and an executable script": ["s", "s/SKILL.md", "s/run.sh", "s/empty.md"],
  "PAX paths and a GNU long name": [`s/${long}a.md`, `s/${long}b.md`, "s/ç.md"],
  "a refusal midway": "the directory 's/dir/' claims a body of 13 bytes",
  "junk after the end marker": "data after the end-of-archive marker",
  truncated: "it is truncated",
  "an extended header and no member": "an extended header that no member follows",
};

function outcomeOf(read: unknown): string[] | string {
  if (typeof read === "object" && read !== null && "refusal" in read) {
    return (read as { refusal: { detail: string } }).refusal.detail;
  }
  return (read as { path: string }[]).map((entry) => entry.path);
}

describe("the tar reader, fed in chunks", () => {
  for (const [name, bytes] of Object.entries(archives)) {
    it(`reads ${name} alike however its bytes are cut`, () => {
      const whole = readInChunks(bytes, []);
      expect(outcomeOf(whole)).toEqual(outcomes[name]);
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }),
          (cuts) => {
            expect(readInChunks(bytes, cuts)).toEqual(whole);
          },
        ),
        { numRuns: 300 },
      );
      // Every block boundary and the bytes either side of it, one cut at a time.
      for (let at = 1; at < bytes.length; at += at % 512 === 0 ? 1 : 511) {
        expect(readInChunks(bytes, [at])).toEqual(whole);
      }
    });
  }

  it("takes a kept body as views of the chunks it came in, not copies", () => {
    const bytes = tar({ name: "s/SKILL.md", body: "y".repeat(1000) });
    const ledger = new Ledger(false);
    const reader = new TarReader(ledger);
    reader.write(bytes);
    expect(reader.end()).toBeUndefined();
    const result = ledger.finish("x");
    if (!result.ok) throw new Error("refused");
    const body = joinedBytes(result.entries.entries[0]!.bytes);
    expect(body.buffer).toBe(bytes.buffer);
    expect(body.byteOffset).toBe(bytes.byteOffset + 512);
  });
});
