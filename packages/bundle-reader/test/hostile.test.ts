// Inputs that make a trusting tar-stream consumer wait forever or read
// bodies that do not exist. Each read must settle, quickly, with a refusal.
import { gzipSync } from "node:zlib";
import { sourceCodes } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import type { ReadResult } from "../src/index.js";
import { readBytes, refusalOf } from "./support/read.js";
import { END, header, member, skillMembers, tar } from "./support/tar.js";

const HUNG = "still reading after 3 seconds";

async function settles(reading: Promise<ReadResult>): Promise<ReadResult> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(HUNG)), 3000);
  });
  try {
    return await Promise.race([reading, hung]);
  } finally {
    clearTimeout(timer);
  }
}

const s = skillMembers("b/s");
const hugePax = Buffer.concat([
  header({ name: "P", type: "x", size: 8 * 1024 * 1024 }),
  Buffer.alloc(2048),
]);
const negativePax = Buffer.concat([
  header({ name: "P", type: "x", sizeField: Buffer.from([0xff, ...Array(11).fill(0xff)]) }),
  member({ name: "b/s/SKILL.md", body: "x" }),
  END,
]);

describe("hostile headers", () => {
  it.each<[string, Uint8Array, string]>([
    [
      "a directory claiming a body that is not there",
      Buffer.concat([
        tar(...s).subarray(0, -1024),
        header({ name: "b/s/d/", type: "5", size: 1 << 20 }),
      ]),
      "corrupt-archive",
    ],
    [
      "a directory claiming a body, then more members",
      tar(...s, { name: "b/s/d/", type: "5", size: 512 }, { name: "b/s/x.md", body: "x" }),
      "corrupt-archive",
    ],
    [
      "a symbolic link claiming a body",
      tar(...s, { name: "b/s/l", type: "2", linkname: "x", size: 1 << 20 }),
      "link",
    ],
    [
      "a fifo claiming a body",
      tar(...s, { name: "b/s/f", type: "6", size: 1 << 20 }),
      "not-regular-file",
    ],
    [
      "a file whose body runs past the end",
      Buffer.concat([header({ name: "b/s/SKILL.md", size: 1 << 20 }), Buffer.alloc(700)]),
      "corrupt-archive",
    ],
    [
      "a set-aside file whose body runs past the end",
      Buffer.concat([header({ name: "b/._x", size: 1 << 20 }), Buffer.alloc(700)]),
      "corrupt-archive",
    ],
    ["a PAX header larger than 4 MiB", hugePax, "corrupt-archive"],
    ["a PAX header with a negative size", negativePax, "corrupt-archive"],
    [
      "a PAX header and then the end",
      Buffer.concat([member({ name: "x", pax: { path: "b/x" } }).subarray(0, 1024), END]),
      "corrupt-archive",
    ],
    [
      "a PAX header and then nothing",
      member({ name: "x", pax: { path: "b/x" } }).subarray(0, 1024),
      "corrupt-archive",
    ],
    [
      "a global PAX header that is malformed",
      Buffer.concat([
        header({ name: "g", type: "g", body: "5 a\n" }),
        Buffer.from("5 a\n".padEnd(512, "\0")),
        tar(...s),
      ]),
      "corrupt-archive",
    ],
    [
      "a PAX size shrinking a member into its neighbour",
      tar(...s, { name: "b/s/x.md", body: "x".repeat(600), pax: { size: "10" } }),
      "corrupt-archive",
    ],
    [
      "ten thousand empty members",
      tar(...Array.from({ length: 9000 }, (_, i) => ({ name: `b/s/${i}` })), ...s),
      "ok",
    ],
  ])("settles on %s", async (_, bytes, code) => {
    const result = await settles(readBytes(bytes));
    expect(result.ok ? "ok" : result.refusal.code).toBe(code);
  });

  it("settles with a contract code on every truncation of a tar and its gzip", async () => {
    const bytes = tar(...s, { name: "b/s/x.md", body: "x".repeat(700), pax: { comment: "c" } });
    const gz = gzipSync(bytes);
    for (const input of [bytes, gz]) {
      for (let cut = 0; cut < input.length; cut += input === gz ? 7 : 97) {
        const result = await settles(readBytes(input.subarray(0, cut)));
        expect(sourceCodes).toContain(refusalOf(result).code);
      }
    }
  }, 60_000);

  it("settles on every single-byte flip of a small archive's headers", async () => {
    const bytes = tar({ name: "b/s/SKILL.md", body: "# s\n", pax: { path: "b/s/SKILL.md" } });
    for (let at = 0; at < 1536; at += 5) {
      const flipped = Buffer.from(bytes);
      flipped[at] = flipped[at]! ^ 0xa5;
      const result = await settles(readBytes(flipped));
      if (!result.ok) expect(sourceCodes).toContain(result.refusal.code);
    }
  }, 60_000);
});
