// Where the generated inputs live and how they are made on first use. They
// are cached under bench/out/inputs (gitignored), keyed by a version in the
// file name: change a generator, bump its version, and the old bytes are
// simply never read again.

import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { writeBomb } from "./bomb.mjs";
import { describeBundle, writeFolder } from "./bundles.mjs";
import { createTar } from "./tar.mjs";
import { createOverlapBomb, createZip } from "./zip.mjs";

export const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "out");
export const INPUT_DIR = join(OUT_DIR, "inputs");

/** The bundle at the reader's limits: ~61 MiB expanded, 5,000 files, 50 skills. */
export function describeLimitBundle() {
  return describeBundle({
    seed: 60,
    prefix: "limit",
    skills: 50,
    filesPerSkill: 100,
    minBytes: 2_000,
    maxBytes: 22_000,
    directories: true,
  });
}

/** 10,000 tar entries exactly: 100 skill directories of 99 tiny files each. */
export function describeTinyBundle() {
  return describeBundle({
    seed: 10,
    prefix: "tiny",
    skills: 100,
    filesPerSkill: 99,
    minBytes: 40,
    maxBytes: 300,
    directories: false,
  }).flatMap((entry) =>
    entry.path.endsWith("/SKILL.md")
      ? [{ path: entry.path.slice(0, entry.path.indexOf("/")), type: "directory" }, entry]
      : [entry],
  );
}

/** About 5,000 files in 50 skills, ~4 KiB each on average (a folder, or install input). */
export function describeFolderBundle() {
  return describeBundle({
    seed: 5,
    prefix: "folder",
    skills: 50,
    filesPerSkill: 100,
    minBytes: 500,
    maxBytes: 7_500,
    directories: false,
  });
}

async function ensureFile(name, produce) {
  const path = join(INPUT_DIR, name);
  if (existsSync(path)) return path;
  await mkdir(INPUT_DIR, { recursive: true });
  await produce(path);
  return path;
}

/** Path of the cached .tar.gz at the limits. */
export function ensureLimitTgz() {
  return ensureFile("limit-v1.tar.gz", async (path) => {
    await writeFile(`${path}.partial`, gzipSync(createTar(describeLimitBundle())));
    await rename(`${path}.partial`, path);
  });
}

/** Path of the cached .zip at the limits (the same bundle as the .tar.gz). */
export function ensureLimitZip() {
  return ensureFile("limit-v1.zip", async (path) => {
    await writeFile(`${path}.partial`, createZip(describeLimitBundle()));
    await rename(`${path}.partial`, path);
  });
}

/** Path of the cached overlapping zip bomb: 1,000 records sharing 64 MiB of deflated zeros. */
export function ensureZipBomb() {
  return ensureFile("zip-bomb-overlap-v1.zip", async (path) => {
    await writeFile(`${path}.partial`, createOverlapBomb(1_000));
    await rename(`${path}.partial`, path);
  });
}

/** Path of the cached 10,000-entry .tar. */
export function ensureTinyTar() {
  return ensureFile("tiny-10k-v1.tar", async (path) => {
    await writeFile(`${path}.partial`, createTar(describeTinyBundle()));
    await rename(`${path}.partial`, path);
  });
}

/** Path of the cached 1 GiB gzip bomb with one member (1) or 1,024 members of 1 MiB (1024). */
export function ensureBomb(members = 1) {
  const name = members === 1 ? "bomb-1g-v1.tar.gz" : `bomb-1g-${members}-members-v1.tar.gz`;
  return ensureFile(name, (path) => writeBomb(path, members));
}

/** Path of the cached ~5,000-file folder (a marker beside it says it is complete). */
export async function ensureFolder() {
  const root = join(INPUT_DIR, "folder-5k-v1");
  const marker = `${root}.complete`;
  if (existsSync(marker)) return root;
  await rm(root, { recursive: true, force: true });
  await writeFolder(describeFolderBundle(), root);
  await writeFile(marker, "");
  return root;
}

/** Reads a cached input into memory. */
export function readInput(path) {
  return readFile(path);
}
