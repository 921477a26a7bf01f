// The lock, `skillshelf.lock.json`: what a sync resolved the manifest to,
// so that another host (CI, a replica) installs exactly the same skills.
// For each manifest entry, the commit its ref resolved to (git) or the
// SHA-256 of its archive, and the skills it gave; for each skill, its source
// (credentials stripped), commit or archive digest, path and tree digest;
// and the revision the set's bodies make (the payload's revision when the
// builtin root is empty). The bytes are a function of the inputs alone:
// entries in manifest order, skills by id, keys in one order, no times, two
// spaces, one final newline.

import type { Refusal } from "@skillshelf/contract";
import { z } from "zod";
import { type ManifestEntry, readJsonFile } from "./manifest.js";

/** One manifest entry as the lock resolved it. */
export type LockedSource = ManifestEntry & {
  /** For git: the commit the ref resolved to. */
  commit?: string | undefined;
  /** For an archive file: the SHA-256 of its bytes. */
  sha256?: string | undefined;
  /** The skills the entry gave, by id. */
  ids: string[];
};

/** One skill of the set. */
export type LockedSkill = {
  id: string;
  /** The manifest's source, credentials stripped from a git URL. */
  source: string;
  ref?: string | undefined;
  commit?: string | undefined;
  sha256?: string | undefined;
  path?: string | undefined;
  /** The tree digest of the skill's files (docs/architecture.md). */
  tree: string;
};

export type Lock = {
  lockVersion: 1;
  revision: string;
  sources: LockedSource[];
  skills: LockedSkill[];
};

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

const lockedSourceSchema = z.strictObject({
  source: z.string().min(1),
  ref: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  skills: z.array(z.string().min(1)).optional(),
  commit: z
    .string()
    .regex(/^[0-9a-f]{40,64}$/)
    .optional(),
  sha256: hex(64).optional(),
  ids: z.array(z.string().min(1)),
});

const lockedSkillSchema = z.strictObject({
  id: z.string().min(1),
  source: z.string().min(1),
  ref: z.string().min(1).optional(),
  commit: z
    .string()
    .regex(/^[0-9a-f]{40,64}$/)
    .optional(),
  sha256: hex(64).optional(),
  path: z.string().min(1).optional(),
  tree: hex(64).describe("the tree digest of the skill's files"),
});

/** The lock's schema. */
export const lockSchema: z.ZodType<Lock> = z
  .strictObject({
    lockVersion: z.literal(1),
    revision: hex(64).describe("SHA-256 hex over the set's ids and SKILL.md digests, in id order"),
    sources: z
      .array(lockedSourceSchema)
      .describe("the manifest's entries, in its order, as resolved"),
    skills: z.array(lockedSkillSchema).describe("the set's skills, sorted by id"),
  })
  .meta({ title: "skillshelf lock" });

/** The JSON Schema (draft 2020-12) of skillshelf.lock.json. */
export function lockJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(lockSchema) as Record<string, unknown>;
}

/** Reads and validates the lock at `path`. */
export async function readLock(
  path: string,
): Promise<{ ok: true; lock: Lock } | { ok: false; refusal: Refusal }> {
  const read = await readJsonFile(path, lockSchema);
  return read.ok ? { ok: true, lock: read.manifest } : read;
}

/** `value` without its undefined fields, keys in the order given. */
function ordered<T extends object>(value: T, keys: readonly (keyof T)[]): T {
  const out: Partial<T> = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}

/** The lock's bytes: the same lock always gives the same text. */
export function formatLock(lock: Lock): string {
  const sources = lock.sources.map((source) =>
    ordered({ ...source, ids: [...source.ids].sort() }, [
      "source",
      "ref",
      "path",
      "skills",
      "commit",
      "sha256",
      "ids",
    ]),
  );
  const skills = [...lock.skills]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((skill) => ordered(skill, ["id", "source", "ref", "commit", "sha256", "path", "tree"]));
  return `${JSON.stringify({ lockVersion: 1, revision: lock.revision, sources, skills }, null, 2)}\n`;
}

/** The lock's source resolved from `entry` (a manifest entry as the lock keeps it, or a locked source). */
export function lockedSourceOf(lock: Lock, entry: ManifestEntry): LockedSource | undefined {
  const wanted = JSON.stringify(entryOf(entry));
  return lock.sources.find((source) => JSON.stringify(entryOf(source)) === wanted);
}

/** The manifest entry a locked source was resolved from (what a manifest and a lock must agree on). */
export function entryOf(source: ManifestEntry): ManifestEntry {
  return ordered(
    { source: source.source, ref: source.ref, path: source.path, skills: source.skills },
    ["source", "ref", "path", "skills"],
  );
}
