// Writes the payload where a worker will read it: dir/skills.json, replaced
// atomically so a worker starting at any instant reads a whole payload, old or
// new. A directory or file that cannot be written is a store-failed refusal
// naming the path, never a thrown error.
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Refusal } from "@skillshelf/contract";
import type { GateOptions, RefusedSkill, Roots } from "@skillshelf/skill-catalog";
import { payload } from "./build-payload.js";
import type { Payload } from "./schema.js";
import { writeAtomically } from "./write-atomically.js";

/** The file name a payload is written under inside its directory. */
export const PAYLOAD_FILE_NAME = "skills.json";

export type MaterializeResult =
  /** `allowed`: skills offered only because the options said allowDrift. */
  | { ok: true; path: string; payload: Payload; allowed: RefusedSkill[] }
  | { ok: false; refusal: Refusal };

/** Builds the payload and writes it to dir/skills.json atomically, creating dir if needed. */
export async function materialize(
  roots: Roots,
  dir: string,
  options: GateOptions = {},
): Promise<MaterializeResult> {
  const built = await payload(roots, options);
  if (!built.ok) return built;
  const written = await writePayload(built.payload, dir);
  return written.ok ? { ...written, allowed: built.allowed } : written;
}

/** Writes a built payload to dir/skills.json atomically, creating dir if needed. */
export async function writePayload(held: Payload, dir: string): Promise<MaterializeResult> {
  const path = join(resolve(dir), PAYLOAD_FILE_NAME);
  try {
    await mkdir(resolve(dir), { recursive: true });
    await writeAtomically(path, `${JSON.stringify(held)}\n`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, refusal: { code: "store-failed", path, detail } };
  }
  return { ok: true, path, payload: held, allowed: [] };
}
