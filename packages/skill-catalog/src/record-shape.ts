// The shape an install record must have before anything reads a field of it,
// checked the same way whichever store kept it (a file of the directory
// store, a row of PostgreSQL): a record edited by hand into `null`, or left
// without its tree, is told apart from a missing one and refuses only its
// own skill, instead of failing verify and update for every skill.
import { findingCodes } from "@skillshelf/bundle-reader";
import { z } from "zod";
import type { InstallRecord } from "./record.js";

/** A skill's record as read: the record, none at all, or one that cannot be used (and why). */
export type RecordRead =
  | { kind: "record"; record: InstallRecord }
  | { kind: "missing" }
  | { kind: "bad"; detail: string };

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, "expected 64 lowercase hex digits");

const recordSchema = z.object({
  id: z.string(),
  source: z
    .object({
      kind: z.enum(["path", "archive", "uploads", "git"]),
      name: z.string().optional(),
      ref: z.string().optional(),
      commit: z.string().optional(),
      sha256: z.string().optional(),
      path: z.string().optional(),
      skills: z.array(z.string()).optional(),
    })
    .optional(),
  installedAt: z.string(),
  tool: z.string(),
  tree: z.object({
    digest: hex64,
    files: z.array(
      z.object({
        path: z.string(),
        executable: z.boolean(),
        size: z.number().int().nonnegative(),
        sha256: hex64,
      }),
    ),
  }),
  approved: z.object({ by: z.string(), at: z.string() }).optional(),
  signature: z
    .object({
      principal: z.string(),
      fingerprint: z.string(),
      algorithm: z.string(),
      verifiedAt: z.string(),
    })
    .optional(),
  accepted: z.array(z.enum(findingCodes)).optional(),
});

/** The record a read found, if it found a usable one. */
export const usableRecord = (read: RecordRead): InstallRecord | undefined =>
  read.kind === "record" ? read.record : undefined;

/** `value` (a parsed record, or its JSON text) checked as the record of skill `id`. */
export function checkRecord(value: unknown, id: string): RecordRead {
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue === undefined || issue.path.length === 0 ? "" : `${issue.path.join(".")}: `;
    return { kind: "bad", detail: `${where}${issue?.message ?? "not a record"}` };
  }
  if (parsed.data.id !== id) {
    return { kind: "bad", detail: `it is the record of '${parsed.data.id}', not of '${id}'` };
  }
  // The value itself, not the parsed copy: fields a later version adds are kept.
  return { kind: "record", record: value as InstallRecord };
}

/** The JSON text of a record, checked as the record of skill `id`. */
export function parseRecord(text: string, id: string): RecordRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "bad", detail: `it is not JSON: ${(error as Error).message}` };
  }
  return checkRecord(value, id);
}
