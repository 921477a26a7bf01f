// The byte-by-byte tar writer against two independent readers: tar-stream
// (the reader's parser) and GNU tar. Valid cases must list cleanly with the
// names, sizes and types the case states; each tweak must damage exactly
// what it says.
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { extract } from "tar-stream";
import { describe, expect, it } from "vitest";
import {
  BLOCK,
  buildTar,
  buildTarGz,
  type Case,
  cases,
  checksumOf,
  formsOf,
  makeScratchDir,
} from "../src/index.js";

type Listed = { name: string; type: string; size: number; mode: number; body: Buffer };

async function listWithTarStream(bytes: Uint8Array): Promise<Listed[]> {
  const out: Listed[] = [];
  const ex = extract();
  const done = new Promise<void>((resolve, reject) => {
    ex.on("entry", (header, stream, next) => {
      const parts: Buffer[] = [];
      stream.on("data", (p: unknown) => parts.push(p as Buffer));
      stream.on("end", () => {
        out.push({
          name: header.name,
          type: header.type ?? "file",
          size: header.size ?? 0,
          mode: header.mode ?? 0,
          body: Buffer.concat(parts),
        });
        next();
      });
      stream.resume();
    });
    ex.on("finish", resolve);
    ex.on("error", reject);
  });
  ex.end(Buffer.from(bytes));
  await done;
  return out;
}

/** Entries a tar lists as regular files (not a PAX global header written as a file). */
const filesOf = (c: Case) =>
  c.entries.filter((e) => (e.kind ?? "file") === "file" && (e.tar?.typeflag ?? 0) === 0);

const small = (c: Case): boolean =>
  c.entries.length < 100 && c.entries.every((e) => (e.zeros ?? 0) < 1024 * 1024);
// Regular entries only: an accepted case may hold a link outside what it selects.
const regular = (c: Case): boolean =>
  c.entries.every((e) => e.kind === undefined || e.kind === "file" || e.kind === "dir");
const accepted = cases.filter(
  (c) => c.verdict.ok && small(c) && regular(c) && formsOf(c).includes("tar"),
);

describe("tar writer", () => {
  it.each(accepted.map((c) => ({ name: c.name, c })))("GNU tar lists $name", async ({ c }) => {
    const path = join(await makeScratchDir(), "x.tar");
    await writeFile(path, buildTar(c));
    const listing = execFileSync("tar", ["-tf", path], { encoding: "utf8" });
    const files = filesOf(c);
    expect(listing.split("\n").filter((l) => l !== "" && !l.endsWith("/")).length).toBe(
      files.length,
    );
  });

  // After an empty extended header tar-stream alone frames the next member's
  // padding as a header body; the reader guards it (see its tar-reader.ts).
  const tarStreamMisreads = new Set([
    "an empty PAX global header",
    "an empty PAX header before a member",
  ]);
  it.each(accepted.filter((c) => !tarStreamMisreads.has(c.name)).map((c) => ({ name: c.name, c })))(
    "tar-stream reads $name",
    async ({ c }) => {
      const listed = await listWithTarStream(buildTar(c));
      const files = listed.filter((l) => l.type === "file").map((l) => l.body.length);
      const wanted = filesOf(c).map((e) => e.bytes?.length ?? Buffer.byteLength(e.text ?? ""));
      expect(files).toEqual(wanted);
    },
  );

  it("writes correct checksums in every header", () => {
    for (const c of accepted) {
      const tar = buildTar(c);
      const listed: number[] = [];
      for (let at = 0; at + BLOCK <= tar.length; at += BLOCK) {
        const block = tar.subarray(at, at + BLOCK);
        if (block[257] !== 0x75) continue; // not a header: "u" of "ustar"
        const field = Buffer.from(block.subarray(148, 156)).toString("latin1");
        const stored = Number.parseInt(field.replace(/[\0 ]/g, ""), 8);
        expect(stored).toBe(checksumOf(block));
        listed.push(stored);
      }
      expect(listed.length).toBeGreaterThan(0);
    }
  });

  it("writes base-256 sizes tar-stream decodes", async () => {
    const c = cases.find((x) => x.name === "a base-256 size")!;
    const listed = await listWithTarStream(buildTar(c));
    const skill = listed.find((l) => l.name === "bundle/s/SKILL.md")!;
    expect(skill.size).toBe(13);
    expect(skill.body.toString()).toBe("# s\n\nDoes s.\n");
  });

  it("carries long paths in PAX records", async () => {
    const c = cases.find((x) => x.name === "a long path carried by a PAX record")!;
    const names = (await listWithTarStream(buildTar(c))).map((l) => l.name);
    expect(names).toContain(`bundle/s/${"q".repeat(200)}/${"r".repeat(120)}.md`);
  });

  it("pads to GNU tar's 10,240-byte record and ends with two zero blocks", () => {
    const tar = buildTar(cases[0]!);
    expect(tar.length % 10_240).toBe(0);
    expect(tar.subarray(tar.length - 1024).every((b) => b === 0)).toBe(true);
  });

  it("stores a bad checksum that tar-stream rejects", async () => {
    const c = cases.find((x) => x.name === "a bad header checksum")!;
    await expect(listWithTarStream(buildTar(c))).rejects.toThrow(/header/i);
  });

  it("truncates and appends where a case says", () => {
    const cut = cases.find((x) => x.name === "an archive cut inside a file's body")!;
    expect(buildTar(cut).length).toBe(3 * 512 + 7);
    const junk = cases.find((x) => x.name === "junk after the end-of-archive marker")!;
    expect(Buffer.from(buildTar(junk)).toString("latin1").endsWith("junk after the end\n")).toBe(
      true,
    );
  });

  it("gzips the same tar stream, with junk after it when asked", async () => {
    expect(Buffer.from(gunzipSync(await buildTarGz(cases[0]!)))).toEqual(
      Buffer.from(buildTar(cases[0]!)),
    );
    const c = cases.find((x) => x.name === "a gzip stream followed by junk")!;
    const gz = await buildTarGz(c);
    expect(Buffer.from(gz.subarray(gz.length - 4)).toString()).toBe("junk");
  });

  it("compresses the gzip bomb to about a thousandth of its size", async () => {
    const c = cases.find((x) => x.name === "a gzip bomb")!;
    const gz = await buildTarGz(c);
    expect(gz.length).toBeLessThan(2 * 1024 * 1024);
    expect(gz[0]).toBe(0x1f);
  }, 60_000);
});
