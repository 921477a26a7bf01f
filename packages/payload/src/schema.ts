// The payload's shape as one zod schema, so the producer, the verifying reader
// and workers in other languages (through the JSON Schema generated from it
// and committed at schema/payload.schema.json) agree on a single definition.
// Objects are strict: a field the worker does not know is a tampered or
// foreign file, not something to ignore.
import { ID_PATTERN, MAX_ID_LENGTH } from "@skillshelf/contract";
import type { Origin } from "@skillshelf/skill-catalog";
import { z } from "zod";

/** Where an offered skill lives: the catalog's origin (builtin root or managed store). */
export type PayloadOrigin = Origin;

/** Every origin: a record over the catalog's type, so adding an origin there fails to compile here. */
const ORIGIN_KEYS: Record<Origin, true> = { builtin: true, managed: true };
const ORIGINS = Object.keys(ORIGIN_KEYS) as [Origin, ...Origin[]];

/** An offered skill with its body, which its digest (SHA-256 hex) describes exactly. */
export type PayloadSkill = {
  id: string;
  origin: PayloadOrigin;
  path: string;
  digest: string;
  text: string;
  /** The tree digest over `files` (architecture.md: "Tree digest and revision, pinned"). */
  treeDigest: string;
  /** Every file of the skill: the install record's for a managed skill, computed for a builtin one. */
  files: PayloadFile[];
};

/** One file a worker may use: its path in the skill, size, SHA-256 and mode. */
export type PayloadFile = { path: string; size: number; sha256: string; executable: boolean };

/** A skill the catalog refused, with its stable code and the reason in words. */
export type PayloadRefusal = {
  id: string;
  code: string;
  reason: string;
  /** drifted: the files that differ from what was installed or approved, in path order. */
  files?: { path: string; change: string }[];
};

/** What a worker is handed: the offered bodies, their revision, the roots and the refusals. */
export type Payload = {
  revision: string;
  roots: { builtin: string; managed: string | null };
  skills: PayloadSkill[];
  refused: PayloadRefusal[];
};

const sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .describe("SHA-256 as 64 lower-case hex digits");

const skillId = z
  .string()
  .max(MAX_ID_LENGTH)
  .regex(ID_PATTERN)
  .describe("1-64 lower-case letters, digits and single inner dashes");

const skillSchema = z.strictObject({
  id: skillId,
  origin: z.enum(ORIGINS),
  path: z.string().min(1).describe("absolute path of the skill's SKILL.md"),
  digest: sha256Hex.describe("SHA-256 hex of the UTF-8 bytes of text"),
  text: z.string().describe("the SKILL.md body, exactly the bytes the digest describes"),
  treeDigest: sha256Hex.describe("SHA-256 hex over files, as the tree digest is defined"),
  files: z
    .array(
      z.strictObject({
        path: z
          .string()
          .min(1)
          .describe("the file's path in the skill, '/'-separated, as the reader judged it"),
        size: z.number().int().min(0).describe("bytes"),
        sha256: sha256Hex.describe("SHA-256 hex of the file's bytes"),
        executable: z.boolean(),
      }),
    )
    .min(1)
    .describe("every file of the skill, in path order; SKILL.md among them"),
});

const refusalSchema = z.strictObject({
  id: z.string().min(1).describe("the directory name of the refused skill"),
  code: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .describe("stable refusal code, such as defined-twice or invalid-id"),
  reason: z.string().min(1).describe("the refusal in words, for an operator"),
  files: z
    .array(
      z.strictObject({
        path: z.string().min(1),
        change: z.enum(["modified", "added", "removed", "mode-changed"]),
      }),
    )
    .optional()
    .describe("for drifted: the files that differ from what was installed or approved"),
});

/** The payload's schema: strict objects, SHA-256 hex digests and revision, a known origin. */
export const payloadSchema: z.ZodType<Payload> = z
  .strictObject({
    revision: sha256Hex.describe(
      "SHA-256 hex over the offered skills' ids and digests, in id order",
    ),
    roots: z.strictObject({
      builtin: z.string().min(1),
      managed: z.string().min(1).nullable().describe("null when no managed root is configured"),
    }),
    skills: z.array(skillSchema).describe("offered skills, sorted by id"),
    refused: z.array(refusalSchema).describe("refused skills, sorted by id"),
  })
  .meta({ title: "skillshelf payload" });

/** The JSON Schema (draft 2020-12) of the payload, for workers that do not run zod. */
export function payloadJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(payloadSchema) as Record<string, unknown>;
}
