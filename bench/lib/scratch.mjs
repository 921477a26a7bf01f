// Fresh scratch directories under bench/out/scratch, on the same file
// system as the inputs, created before a timed call and removed after it
// (neither step is timed).

import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { OUT_DIR } from "../gen/inputs.mjs";

export const SCRATCH_DIR = join(OUT_DIR, "scratch");
let counter = 0;

/** Creates and returns a new empty directory below bench/out/scratch. */
export async function createScratch(label) {
  counter += 1;
  const path = join(SCRATCH_DIR, `${label}-${process.pid}-${counter}`);
  await rm(path, { recursive: true, force: true });
  await mkdir(path, { recursive: true });
  return path;
}

/** Removes a scratch directory. */
export function removeScratch(path) {
  return rm(path, { recursive: true, force: true });
}
