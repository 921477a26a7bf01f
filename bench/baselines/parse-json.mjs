// The floor for reading a payload file: read it, JSON.parse it, and hash
// every body with SHA-256, with no schema and no revision check.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";

/** Reads a payload file, parses it and hashes each skill's text; returns the skill count. */
export async function parseAndHash(path) {
  const parsed = JSON.parse(await readFile(path, "utf8"));
  let hashed = 0;
  for (const skill of parsed.skills) {
    createHash("sha256").update(skill.text).digest("hex");
    hashed += 1;
  }
  return hashed;
}
