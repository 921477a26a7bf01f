// The manifest, `skillshelf.json`: what the operator edits to say which
// skills a host holds. Each entry is a source (a git spec such as
// `github:owner/repo` or `git+https://…`, a folder, or an archive file, a
// path relative to the manifest), with the ref to read a git source at, the
// directory of the source taken as the bundle's root, the skills kept, and
// the finding codes the operator accepts for its skills (`accept`, as
// import's `--accept`: kept in each skill's record, and judged again by
// every sync that reads the entry).
// The zod schema is the one rule; schema/manifest.schema.json is its JSON
// Schema, checked against it by a test.
import { readFile } from "node:fs/promises";
import { type FindingCode, findingCodes } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { z } from "zod";

/** One source of the set, as the operator wrote it. */
export type ManifestEntry = {
  /** A git spec (`github:owner/repo`, `git+https://…`, `git+file:///…`), a folder or an archive path. */
  source: string;
  /** For a git source: the branch, tag or commit to read (over a `#ref` in the spec). */
  ref?: string | undefined;
  /** The directory of the source taken as the bundle's root. */
  path?: string | undefined;
  /** Keep only these skills of the source. */
  skills?: string[] | undefined;
  /** Finding codes accepted for this entry's skills: a refusing finding of one of them does not refuse. */
  accept?: FindingCode[] | undefined;
};

/** The whole manifest. */
export type Manifest = { skills: ManifestEntry[] };

const entrySchema = z.strictObject({
  source: z
    .string()
    .min(1)
    .describe(
      "a git spec (github:owner/repo, git+https://…), a folder or an archive path, relative to the manifest",
    ),
  ref: z.string().min(1).optional().describe("for a git source: the branch, tag or commit to read"),
  path: z
    .string()
    .min(1)
    .optional()
    .describe("the directory of the source taken as the bundle's root"),
  skills: z.array(z.string().min(1)).optional().describe("keep only these skills of the source"),
  accept: z
    .array(z.enum(findingCodes))
    .optional()
    .describe(
      "finding codes accepted for this entry's skills, as import's --accept: kept in each skill's record",
    ),
});

/** The manifest's schema: strict objects, every source given. */
export const manifestSchema: z.ZodType<Manifest> = z
  .strictObject({
    skills: z.array(entrySchema).describe("the sources whose skills the managed store holds"),
  })
  .meta({ title: "skillshelf manifest" });

/** The JSON Schema (draft 2020-12) of skillshelf.json, for editors. */
export function manifestJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(manifestSchema) as Record<string, unknown>;
}

/** The codes `entry` accepts, once each and sorted, as a record keeps them. */
export const acceptedOf = (entry: ManifestEntry): FindingCode[] =>
  [...new Set(entry.accept ?? [])].sort();

/** Whether a record's accepted codes are the ones an entry accepts now (`wanted`, as acceptedOf gives). */
export const sameAccepted = (
  recorded: readonly FindingCode[] | undefined,
  wanted: readonly FindingCode[],
): boolean => JSON.stringify([...new Set(recorded ?? [])].sort()) === JSON.stringify(wanted);

export type ManifestRead = { ok: true; manifest: Manifest } | { ok: false; refusal: Refusal };

/** Reads and validates the manifest at `path`; `invalid-manifest` names the first problem. */
export async function readManifest(path: string): Promise<ManifestRead> {
  return readJsonFile(path, manifestSchema);
}

/** Reads `path` as JSON and validates it against `schema`, refusing as `invalid-manifest`. */
export async function readJsonFile<T>(
  path: string,
  schema: z.ZodType<T>,
): Promise<{ ok: true; manifest: T } | { ok: false; refusal: Refusal }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, refusal: { code: "invalid-manifest", path, detail } };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, refusal: { code: "invalid-manifest", path, detail } };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where =
      issue?.path
        .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
        .join("") ?? "";
    const detail = `${where.replace(/^\./, "") || "the file"}: ${issue?.message ?? "invalid"}`;
    return { ok: false, refusal: { code: "invalid-manifest", path, detail } };
  }
  return { ok: true, manifest: parsed.data };
}
