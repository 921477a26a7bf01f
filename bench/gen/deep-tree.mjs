// The deep-tree benchmark bundle: one skill whose files sit along a chain of
// 2,000 directories, 10,000 entries in all (the reader's limit), the shape
// that made a step cost time quadratic in depth. Paths reach about 4,000
// bytes, past ustar's fields, so each member carries its path in a PAX
// record, as GNU tar and bsdtar write it. Same inputs, same bytes.

import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { INPUT_DIR } from "./inputs.mjs";
import { createHeader } from "./tar.mjs";

export const DEEP_LEVELS = 2_000;
export const DEEP_ENTRIES = 10_000;
const BLOCK = 512;

/** Entries ({ path, type, bytes? }): deep/SKILL.md, then each level's directory and its files. */
export function describeDeepBundle(levels = DEEP_LEVELS, total = DEEP_ENTRIES) {
  const entries = [
    { path: "deep", type: "directory" },
    {
      path: "deep/SKILL.md",
      type: "file",
      bytes: Buffer.from("# deep\n\nA skill in a deep tree.\n"),
    },
  ];
  const files = total - entries.length - levels;
  let dir = "deep";
  for (let level = 0; level < levels; level += 1) {
    dir += "/d";
    entries.push({ path: dir, type: "directory" });
    const here = Math.floor(files / levels) + (level < files % levels ? 1 : 0);
    for (let i = 0; i < here; i += 1) {
      entries.push({
        path: `${dir}/f${i}.md`,
        type: "file",
        bytes: Buffer.from(`level ${level}\n`),
      });
    }
  }
  return entries;
}

function paxRecord(key, value) {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) > length) length += 1;
  return Buffer.from(`${length}${body}`);
}

function padded(bytes) {
  const pad = (BLOCK - (bytes.length % BLOCK)) % BLOCK;
  return pad === 0 ? [bytes] : [bytes, Buffer.alloc(pad)];
}

/** A tar of `entries`, each path given by a PAX record (the ustar name holds a stand-in). */
export function createPaxTar(entries) {
  const chunks = [];
  for (const [index, entry] of entries.entries()) {
    const record = paxRecord("path", entry.path);
    chunks.push(createHeader({ path: `PaxHeaders/${index}`, type: "pax", size: record.length }));
    chunks[chunks.length - 1][156] = 0x78;
    fixChecksum(chunks[chunks.length - 1]);
    chunks.push(...padded(record));
    const size = entry.type === "directory" ? 0 : entry.bytes.length;
    chunks.push(createHeader({ path: `entry-${index}`, type: entry.type, size }));
    if (size > 0) chunks.push(...padded(entry.bytes));
  }
  chunks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(chunks);
}

function fixChecksum(header) {
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
}

async function ensureFile(name, produce) {
  const path = join(INPUT_DIR, name);
  if (existsSync(path)) return path;
  await mkdir(INPUT_DIR, { recursive: true });
  await writeFile(`${path}.partial`, produce());
  await rename(`${path}.partial`, path);
  return path;
}

/** Path of the cached deep tar. */
export function ensureDeepTar() {
  return ensureFile("deep-2000-10k-v1.tar", () => createPaxTar(describeDeepBundle()));
}

/** Path of the cached deep .tgz. */
export function ensureDeepTgz() {
  return ensureFile("deep-2000-10k-v1.tgz", () => gzipSync(createPaxTar(describeDeepBundle())));
}

/** Path of the cached deep folder (a marker beside it says it is complete). */
export async function ensureDeepFolder() {
  const root = join(INPUT_DIR, "deep-2000-10k-v1");
  const marker = `${root}.complete`;
  if (existsSync(marker)) return root;
  await rm(root, { recursive: true, force: true });
  for (const entry of describeDeepBundle()) {
    const path = join(root, entry.path);
    if (entry.type === "directory") await mkdir(path, { recursive: true });
    else await writeFile(path, entry.bytes);
  }
  await writeFile(marker, "");
  return root;
}
