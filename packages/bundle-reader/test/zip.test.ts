// The zip source beyond what the conformance cases state: members large
// enough to stream through zlib (accepted, or refused for a CRC or a size
// that lies), a zip file too large to take in, which is refused unparsed,
// and aborts and progress in the middle of a zip.
import { open } from "node:fs/promises";
import { join } from "node:path";
import { writeZip } from "@skillshelf/conformance";
import { describe, expect, it } from "vitest";
import { maxArchiveBytes, type ReadProgress, readBundle } from "../src/index.js";
import { scratch } from "./support/folder.js";
import { readBytes, refusalOf, skillsOf } from "./support/read.js";

const MIB = 1024 * 1024;
const skill = { name: "b/s/SKILL.md", data: "# s\n" };
const big = "line of notes\n".repeat((3 * MIB) / 14);

describe("zip members that stream", () => {
  it("reads a member of several MiB", async () => {
    const result = await readBytes(writeZip([skill, { name: "b/s/notes.md", data: big }]));
    const notes = skillsOf(result)[0]!.files.find((f) => f.path === "notes.md")!;
    expect(notes.bytes.length).toBe(Buffer.byteLength(big));
    expect(notes.text).toBe(big);
  });

  it.each([
    ["a CRC that does not match", { crc: 1 }, /CRC/],
    ["a declared size below the data", { size: 2 * MIB }, /more data than its declared size/],
    ["a declared size above the data", { size: 4 * MIB }, /differs from its declared size/],
  ])("refuses %s as corrupt-archive", async (_, lie, detail) => {
    const zip = writeZip([skill, { name: "b/s/notes.md", data: big, ...lie }]);
    const refusal = refusalOf(await readBytes(zip));
    expect(refusal.code).toBe("corrupt-archive");
    expect(refusal.detail).toMatch(detail);
  });
});

describe("a zip too large to take in", () => {
  it("is too-large before it is parsed, by path and as bytes", async () => {
    const path = join(await scratch(), "huge.zip");
    const file = await open(path, "w");
    await file.write(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    await file.truncate(maxArchiveBytes() + 1);
    await file.close();
    const refusal = refusalOf(await readBundle({ kind: "path", path }));
    expect(refusal).toMatchObject({ code: "too-large", limit: 64 * MIB });
    const bytes = new Uint8Array(maxArchiveBytes() + 1);
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    expect(refusalOf(await readBytes(bytes)).code).toBe("too-large");
  });
});

describe("abort and progress in a zip", () => {
  const many = writeZip([
    skill,
    ...Array.from({ length: 400 }, (_, i) => ({
      name: `b/s/f${i}.md`,
      data: big.slice(0, 40_000),
    })),
  ]);

  it("reports growing progress and a final count of every entry", async () => {
    const seen: ReadProgress[] = [];
    skillsOf(
      await readBundle({ kind: "archive", bytes: many }, { onProgress: (p) => seen.push(p) }),
    );
    expect(seen.at(-1)).toEqual({ bytes: 4 + 400 * 40_000, entries: 401 });
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.bytes).toBeGreaterThanOrEqual(seen[i - 1]!.bytes);
  });

  it("rejects with the signal's reason when aborted mid-read", async () => {
    const controller = new AbortController();
    const reason = new Error("stop reading");
    const reading = readBundle(
      { kind: "archive", bytes: many },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.entries > 0) controller.abort(reason);
        },
      },
    );
    await expect(reading).rejects.toBe(reason);
  });
});
