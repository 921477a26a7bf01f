// The published limits, enforced as a source is read: gzip bombs stop at 64
// MiB of work, every member counts against 10,000 entries, and a problem
// before the limit is still the one named.
import { createGzip } from "node:zlib";
import { describe, expect, it } from "vitest";
import { limits, readBundle } from "../src/index.js";
import { zeroBomb } from "./support/bomb.js";
import { readBytes, readUploads, refusalOf, skillsOf } from "./support/read.js";
import { header, type Member, skillMembers, tar } from "./support/tar.js";

const MIB = 1024 * 1024;
const tooLarge = { code: "too-large", limit: 64 * MIB };

/** Gzips `count` members of 1 MiB of text each, streaming, so nothing big sits in memory. */
async function gzipOfMegabyteFiles(count: number): Promise<Buffer> {
  const gzip = createGzip({ level: 1 });
  const out: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => gzip.on("end", resolve));
  const body = Buffer.alloc(MIB, "a");
  for (const m of skillMembers("b/s")) gzip.write(tar(m).subarray(0, -1024));
  for (let i = 0; i < count; i++) {
    gzip.write(header({ name: `b/s/f${i}.md`, size: MIB }));
    gzip.write(body);
  }
  gzip.end(Buffer.alloc(1024));
  await done;
  return Buffer.concat(out);
}

describe("limits", () => {
  it("publishes 10,000 entries and 64 MiB", () => {
    expect(limits()).toEqual({ maxEntries: 10_000, maxBytes: 64 * MIB });
  });

  it("refuses a 1 GiB gzip bomb after at most 64 MiB of work", async () => {
    const bomb = zeroBomb(1024);
    let last = { bytes: 0, entries: 0 };
    const started = performance.now();
    const result = await readBundle(
      { kind: "archive", bytes: bomb },
      { onProgress: (p) => (last = p) },
    );
    expect(refusalOf(result)).toEqual(tooLarge);
    expect(last.bytes).toBeLessThanOrEqual(64 * MIB);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it("refuses files whose expansion passes 64 MiB as they are read", async () => {
    const bytes = await gzipOfMegabyteFiles(70);
    expect(refusalOf(await readBytes(bytes))).toEqual(tooLarge);
  }, 30_000);

  it("accepts files that together stay under 64 MiB", async () => {
    const bytes = await gzipOfMegabyteFiles(60);
    expect(skillsOf(await readBytes(bytes))[0]!.files).toHaveLength(61);
  }, 30_000);

  it("judges the limit before any entry: a bad path before it is not what is named", async () => {
    const size = 64 * MIB - 4096;
    const bytes = Buffer.concat([
      header({ name: "b/s/big.md", size }),
      Buffer.alloc(size, "a"),
      header({ name: "/abs.md", size: MIB }),
      Buffer.alloc(MIB, "a"),
    ]);
    // The limits judge the whole source; paths only the selection, once it is known.
    expect(refusalOf(await readBytes(bytes))).toEqual(tooLarge);
  });

  it("refuses a member that claims more than 64 MiB from its header alone", async () => {
    const bytes = Buffer.concat([
      header({ name: "b/s/big.md", size: 2 ** 40 }),
      Buffer.alloc(4096),
    ]);
    expect(refusalOf(await readBytes(bytes))).toEqual(tooLarge);
  });

  it("counts every member, set-aside and directories included, against 10,000 entries", async () => {
    const members: Member[] = [...skillMembers("b/s")];
    for (let i = 0; members.length <= 10_000; i++) {
      members.push(i % 2 === 0 ? { name: `b/._${i}` } : { name: `b/s/d${i}/`, type: "5" });
    }
    expect(refusalOf(await readBytes(tar(...members)))).toEqual({
      code: "too-many-entries",
      limit: 10_000,
    });
    members.pop();
    expect(skillsOf(await readBytes(tar(...members)))).toHaveLength(1);
  });

  it.each([
    ["count", 10_001, 1],
    ["total size", 2, 40 * MIB],
  ])("checks an upload's %s before looking at content", async (_, count, size) => {
    const files: Record<string, Uint8Array> = { "b/s/SKILL.md": Buffer.from("# s\n") };
    const body = new Uint8Array(size).fill(0xff);
    for (let i = 0; i < count; i++) files[`b/s/${i}.bin`] = body;
    const refusal = refusalOf(await readUploads(files));
    expect(refusal.code).toBe(count > 10_000 ? "too-many-entries" : "too-large");
  });
});
