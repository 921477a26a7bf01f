// Archives as real tar bytes: what must be accepted (formats, PAX, names,
// modes, padding), what is damaged (corrupt-archive), what is no archive, and
// every member kind, each decided from its header.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { describe, expect, it } from "vitest";
import type { Refusal } from "../src/index.js";
import { scratch } from "./support/folder.js";
import { readBytes, readPathOf, refusalOf, shapeOf, skillsOf } from "./support/read.js";
import { END, header, type Member, member, skillMembers, tar, tgz } from "./support/tar.js";

const s = skillMembers("b/s");

function withBadCrc(gzip: Uint8Array): Buffer {
  const copy = Buffer.from(gzip);
  copy.fill(0x11, copy.length - 8, copy.length - 4);
  return copy;
}

async function packed(
  entries: { name: string; body?: string; type?: "directory" }[],
): Promise<Buffer> {
  const p = pack();
  for (const e of entries) {
    if (e.type === "directory") p.entry({ name: e.name, type: "directory" });
    else p.entry({ name: e.name, mode: 0o644 }, e.body ?? "");
  }
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("an archive that is accepted", () => {
  it("reads a tar-stream packed archive and its gzip alike", async () => {
    const bytes = await packed([
      { name: "b/", type: "directory" },
      { name: "b/s/SKILL.md", body: "# s\n" },
      { name: "b/s/ref/a.md", body: "a\n" },
    ]);
    expect(shapeOf(await readBytes(bytes))).toEqual({ s: ["SKILL.md", "ref/a.md"] });
    expect(shapeOf(await readBytes(gzipSync(bytes)))).toEqual({ s: ["SKILL.md", "ref/a.md"] });
  });

  it.each<[string, Member[], Record<string, string[]>]>([
    [
      "members without directory entries",
      [{ name: "s/SKILL.md", body: "# s\n" }],
      { s: ["SKILL.md"] },
    ],
    [
      "a leading ./ and a ./ root",
      [
        { name: "./", type: "5" },
        { name: "./s/SKILL.md", body: "x" },
      ],
      { s: ["SKILL.md"] },
    ],
    [
      "a base-256 size",
      [
        {
          name: "s/SKILL.md",
          body: "# s\n",
          sizeField: Buffer.from([0x80, ...Array(10).fill(0), 4]),
        },
      ],
      { s: ["SKILL.md"] },
    ],
    [
      "a PAX path over the ustar name",
      [{ name: "s/WRONG", body: "x", pax: { path: "s/SKILL.md" } }],
      { s: ["SKILL.md"] },
    ],
    [
      "unknown PAX records",
      [{ name: "s/SKILL.md", body: "x", pax: { mtime: "1.5", "SCHILY.xattr.k": "v" } }],
      { s: ["SKILL.md"] },
    ],
    [
      "an empty file",
      [{ name: "s/SKILL.md", body: "x" }, { name: "s/empty.md" }],
      { s: ["SKILL.md", "empty.md"] },
    ],
    [
      "set-aside members with bodies",
      [...s, { name: "b/._x", body: "\u0000\u0001" }, { name: "b/.git/config", body: "\xff" }],
      { s: ["SKILL.md"] },
    ],
    ["a .git directory entry", [...s, { name: "b/.git/", type: "5" }], { s: ["SKILL.md"] }],
  ])("accepts %s", async (_, members, shape) => {
    expect(shapeOf(await readBytes(tar(...members)))).toEqual(shape);
  });

  it("takes the executable bit from the owner-execute mode bit only", async () => {
    const bytes = tar(
      ...s,
      { name: "b/s/run.sh", body: "#!/bin/sh\n", mode: 0o4755 },
      { name: "b/s/g.sh", body: "x", mode: 0o077 },
    );
    const files = skillsOf(await readBytes(bytes))[0]!.files;
    expect(files.map((f) => [f.path, f.executable])).toEqual([
      ["SKILL.md", false],
      ["g.sh", false],
      ["run.sh", true],
    ]);
  });

  it("names a root skill after the archive, without its extension", async () => {
    const bytes = tar({ name: "SKILL.md", body: "# pdf\n" }, { name: "x.md", body: "x" });
    for (const name of ["pdf.tar", "pdf.tgz", "pdf.tar.gz", "dir/pdf.tar.gz"]) {
      expect(shapeOf(await readBytes(bytes, name))).toEqual({ pdf: ["SKILL.md", "x.md"] });
    }
    expect(refusalOf(await readBytes(bytes))).toMatchObject({ code: "unnamed-skill" });
  });

  it("tells gzip from tar by content, not by the file's name", async () => {
    const dir = await scratch();
    await writeFile(join(dir, "pdf.tar"), tgz({ name: "SKILL.md", body: "# pdf\n" }));
    await writeFile(join(dir, "notes.txt"), tar(...s));
    expect(shapeOf(await readPathOf(join(dir, "pdf.tar")))).toEqual({ pdf: ["SKILL.md"] });
    expect(shapeOf(await readPathOf(join(dir, "notes.txt")))).toEqual({ s: ["SKILL.md"] });
  });

  it("names a file that is no archive by the path it was given", async () => {
    const path = join(await scratch(), "notes.tar.gz");
    await writeFile(path, "These are my notes.\n".repeat(40));
    expect(refusalOf(await readPathOf(path))).toEqual({
      code: "not-an-archive",
      path,
      detail: "it is neither gzip, zip nor tar",
    });
  });

  it("accepts zero padding after the end marker, as tar's records give", async () => {
    const bytes = Buffer.concat([tar(...s), Buffer.alloc(8192)]);
    expect(shapeOf(await readBytes(bytes))).toEqual({ s: ["SKILL.md"] });
  });
});

const corrupt = (detail?: string | RegExp): Partial<Refusal> =>
  detail === undefined
    ? { code: "corrupt-archive" }
    : { code: "corrupt-archive", detail: expect.stringMatching(detail) };

describe("an archive that is damaged", () => {
  const good = tar(...s);
  const badChecksum = Buffer.from(good);
  badChecksum[512 + 10] = 0x41;
  const extendedThenNothing = Buffer.concat([
    member({ name: "x", pax: { path: "b/x" } }).subarray(0, 1024),
    END,
  ]);

  it.each<[string, Uint8Array, RegExp]>([
    ["a bad header checksum", badChecksum, /checksum|Invalid tar header/i],
    [
      "a size field that is not octal",
      tar({ name: "s/SKILL.md", body: "x", sizeField: Buffer.from("0000000001x\0") }),
      /size/,
    ],
    [
      "a base-256 size beyond a safe integer",
      tar({ name: "s/SKILL.md", sizeField: Buffer.from([0x80, ...Array(11).fill(0xff)]) }),
      /size|safe/,
    ],
    [
      "a negative base-256 size",
      tar({ name: "s/SKILL.md", sizeField: Buffer.from([0xff, ...Array(10).fill(0xff), 0xf0]) }),
      /./,
    ],
    [
      "a PAX size beyond a safe integer",
      tar({ name: "s/SKILL.md", body: "x", pax: { size: "99999999999999999999" } }),
      /safe integer/,
    ],
    [
      "a PAX size that is not a number",
      tar({ name: "s/SKILL.md", body: "x", pax: { size: "1e3" } }),
      /safe integer/,
    ],
    [
      "a PAX record with a wrong length",
      tar({ name: "s/SKILL.md", body: "x", paxBody: "99 path=x\n" }),
      /PAX/,
    ],
    [
      "a PAX record without a length",
      tar({ name: "s/SKILL.md", body: "x", paxBody: "path=s/SKILL.md\n" }),
      /PAX/,
    ],
    [
      "a PAX record without '='",
      tar({ name: "s/SKILL.md", body: "x", paxBody: "12 pathxxxx\n" }),
      /PAX/,
    ],
    ["an extended header no member follows", extendedThenNothing, /extended header/],
    ["a cut inside a body", good.subarray(0, 3 * 512 + 7), /truncated|Unexpected end/],
    ["a cut inside a header", good.subarray(0, 2 * 512 + 300), /truncated|Unexpected end/],
    ["a cut before the end marker", good.subarray(0, 3 * 512), /end-of-archive marker/],
    ["one zero block only", good.subarray(0, 4 * 512), /end-of-archive marker/],
    ["junk after the end marker", Buffer.concat([good, Buffer.from("junk after the end\n")]), /./],
    [
      "a member after the end marker",
      Buffer.concat([good, member({ name: "b/s/late.md", body: "x" }), END]),
      /after the end-of-archive/,
    ],
    [
      "a directory that claims a body",
      tar(...s, { name: "b/s/sub/", type: "5", size: 1024 }),
      /claims a body/,
    ],
  ])("refuses %s", async (_, bytes, detail) => {
    expect(refusalOf(await readBytes(bytes))).toMatchObject(corrupt(detail));
  });

  it.each<[string, Uint8Array]>([
    ["a gzip stream followed by junk", Buffer.concat([tgz(...s), Buffer.from("junk")])],
    [
      "a gzip stream followed by zeros and junk",
      Buffer.concat([tgz(...s), Buffer.alloc(8), Buffer.from("junk")]),
    ],
    ["a gzip stream cut short", tgz(...s).subarray(0, -24)],
    ["a gzip stream with a bad CRC", withBadCrc(tgz(...s))],
    [
      "gzip magic over garbage",
      Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ],
  ])("refuses %s", async (_, bytes) => {
    expect(refusalOf(await readBytes(bytes))).toMatchObject(corrupt(/gzip/));
  });

  it.each<[string, Uint8Array]>([
    ["plain text", Buffer.from("These are my notes.\n".repeat(60))],
    ["a zip behind other bytes", Buffer.from([0x4d, 0x5a, 0x50, 0x4b, 0x03, 0x04, 0, 0])],
    ["no bytes at all", new Uint8Array(0)],
    ["a lone gzip magic byte", Uint8Array.from([0x1f])],
    ["a gzip of plain text", gzipSync("not a tar\n".repeat(100))],
  ])("refuses %s as not-an-archive", async (_, bytes) => {
    expect(refusalOf(await readBytes(bytes))).toMatchObject({ code: "not-an-archive" });
  });

  it("reads bytes that open like a zip as a zip, and refuses them as damaged", async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Array(1020).fill(0x41)]);
    expect(refusalOf(await readBytes(bytes))).toMatchObject({ code: "corrupt-archive" });
  });
});

describe("member kinds, decided from the header", () => {
  it.each<[string, Member, Partial<Refusal>]>([
    ["a symbolic link", { name: "b/s/l.md", type: "2", linkname: "SKILL.md" }, { code: "link" }],
    ["a hard link", { name: "b/s/l.md", type: "1", linkname: "b/s/SKILL.md" }, { code: "link" }],
    [
      "a symbolic link claiming a body",
      { name: "b/s/l.md", type: "2", linkname: "x", size: 2048 },
      { code: "link" },
    ],
    [
      "a hard link claiming a body",
      { name: "b/s/l.md", type: "1", linkname: "x", size: 512 },
      { code: "link" },
    ],
    [
      "a set-aside name that is a link",
      { name: "b/s/._l", type: "2", linkname: "x" },
      { code: "link" },
    ],
    [
      "a character device",
      { name: "b/s/l.md", type: "3" },
      { code: "not-regular-file", detail: "a character device" },
    ],
    [
      "a block device",
      { name: "b/s/l.md", type: "4" },
      { code: "not-regular-file", detail: "a block device" },
    ],
    ["a fifo", { name: "b/s/l.md", type: "6" }, { code: "not-regular-file", detail: "a fifo" }],
    [
      "a contiguous file",
      { name: "b/s/l.md", type: "7", body: "x" },
      { code: "not-regular-file", detail: "a contiguous file" },
    ],
    ["a GNU sparse file", { name: "b/s/l.md", type: "S", body: "x" }, { code: "not-regular-file" }],
    ["a vendor type", { name: "b/s/l.md", type: "X", size: 100000 }, { code: "not-regular-file" }],
    [
      "a fifo claiming a body",
      { name: "b/s/l.md", type: "6", size: 4096 },
      { code: "not-regular-file" },
    ],
  ])("refuses %s", async (_, m, refusal) => {
    expect(refusalOf(await readBytes(tar(...s, m)))).toMatchObject({ ...refusal, path: m.name });
  });

  it("refuses a member path that is not UTF-8", async () => {
    const rawName = Buffer.concat([Buffer.from("b/s/bad-"), Buffer.from([0xff])]);
    const refusal = refusalOf(await readBytes(tar(...s, { name: "", rawName, body: "x" })));
    expect(refusal).toMatchObject({ code: "unsafe-path", why: "not-utf8" });
  });

  it("refuses a PAX path that is not UTF-8", async () => {
    const paxBody = Buffer.concat([
      Buffer.from("20 path=b/s/x-"),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(".md\n"),
    ]);
    const refusal = refusalOf(
      await readBytes(tar(...s, { name: "b/s/ok.md", body: "x", paxBody })),
    );
    expect(refusal).toMatchObject({ code: "unsafe-path", why: "not-utf8" });
  });

  it("refuses a member that climbs out, naming it as stored", async () => {
    const refusal = refusalOf(await readBytes(tar(...s, { name: "b/../../etc/x", body: "x" })));
    expect(refusal).toEqual({ code: "unsafe-path", path: "b/../../etc/x", why: "traversal" });
  });

  it("refuses the same member twice and a path both file and directory", async () => {
    const twice = tar(...s, { name: "b/s/a.md", body: "1" }, { name: "b/s/a.md", body: "2" });
    expect(refusalOf(await readBytes(twice))).toMatchObject({
      code: "duplicate-path",
      path: "b/s/a.md",
    });
    const both = tar(...s, { name: "b/s/x", body: "1" }, { name: "b/s/x/", type: "5" });
    expect(refusalOf(await readBytes(both))).toMatchObject({ code: "file-and-directory" });
  });

  it("refuses content that is not UTF-8 once every header is judged", async () => {
    const bytes = tar(
      ...s,
      { name: "b/s/a.bin", body: Buffer.from([0xc0, 0xaf]) },
      { name: "b/s/z.md", body: "z" },
    );
    expect(refusalOf(await readBytes(bytes))).toEqual({
      code: "not-utf8",
      path: "b/s/a.bin",
    });
  });

  it("names the first problem in path order, whatever the member order", async () => {
    const link = { name: "b/s/l", type: "2", linkname: "x" } as const;
    const absolute = { name: "b/s/a\\b", body: "x" };
    for (const members of [
      [link, absolute],
      [absolute, link],
    ]) {
      expect(refusalOf(await readBytes(tar(...s, ...members)))).toMatchObject({
        code: "unsafe-path",
        path: "b/s/a\\b",
      });
    }
  });

  it("refuses a header whose magic is unknown but checksum right, then reads it as old tar", async () => {
    const old = Buffer.from(header({ name: "s/SKILL.md", body: "x" }));
    old.fill(0, 257, 265);
    let sum = 0;
    old.fill(0x20, 148, 156);
    for (const byte of old) sum += byte;
    old.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
    const bytes = Buffer.concat([old, Buffer.from("x".padEnd(512, "\0")), END]);
    expect(shapeOf(await readBytes(bytes))).toEqual({ s: ["SKILL.md"] });
  });
});
