// Resolves the source a check or an import names, with a progress line
// while stdin arrives and another while the shelf reads it, and hands it to
// one of the shelf's operations (check, import, listSource): the CLI reads
// nothing itself, so check can promise import's verdict.

import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { ReadProgress, Source } from "@skillshelf/bundle-reader";
import { limits, type Refusal } from "@skillshelf/contract";
import type { ImportChoices, ImportedSkill } from "@skillshelf/shelf";
import { type Context, UsageError } from "./context.js";
import { acceptedCodes } from "./findings.js";
import { startProgress } from "./progress.js";
import { resolveSource } from "./source.js";

/** How check and import read a source, as the command line spells it. */
export type ReadChoices = {
  /** --name: the skill name for a single-skill archive on stdin. */
  name?: string | undefined;
  /** --strict: a specification warning refuses the bundle. */
  strict?: boolean | undefined;
  /** --path: the directory of the source taken as the bundle's root. */
  path?: string | undefined;
  /** --skill, repeated: keep only these skills. */
  skill?: readonly string[] | undefined;
  /** --signature, repeated: SKILL.sig files given beside the source. */
  signature?: readonly string[] | undefined;
  /** --skip, repeated: leave these skills out. */
  skip?: readonly string[] | undefined;
  /** --accept, repeated: finding codes that do not refuse this import. */
  accept?: readonly string[] | undefined;
};

/** The bytes of each --signature file; a file that cannot be read is a usage error. */
export async function givenSignatures(
  context: Context,
  choices: ReadChoices,
): Promise<Uint8Array[]> {
  const given: Uint8Array[] = [];
  for (const path of choices.signature ?? []) {
    try {
      given.push(await readFile(resolve(context.cwd, path)));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      throw new UsageError(`cannot read the signature file '${path}' (${code})`);
    }
  }
  return given;
}

/** The shelf's read choices for the command line's, with the reading progress line. */
export function shelfChoicesOf(
  choices: ReadChoices,
  onProgress: (progress: ReadProgress) => void,
): ImportChoices {
  return {
    strict: choices.strict === true,
    path: choices.path,
    skills: choices.skill,
    skip: choices.skip,
    accept: acceptedCodes(choices.accept),
    onProgress,
  };
}

/** Resolves the source (with a progress line while stdin arrives), then runs `read` on it. */
export async function withSource<T>(
  context: Context,
  argument: string,
  choices: ReadChoices,
  read: (
    source: Source,
    onProgress: (counts: ReadProgress) => void,
    doneReading: () => void,
  ) => Promise<T>,
): Promise<T | { ok: false; refusal: Refusal }> {
  const { err } = context.output;
  const bounds = limits();
  const receiving = startProgress(err, "receiving", { limits: bounds });
  const resolved = await resolveSource(argument, {
    name: choices.name,
    stdin: context.stdin,
    cwd: context.cwd,
    onBytes: (bytes) => receiving.update({ bytes }),
  }).finally(() => receiving.stop());
  if (!resolved.ok) {
    if ("usage" in resolved) throw new UsageError(resolved.usage);
    return resolved;
  }
  const reading = startProgress(err, "reading", { limits: bounds });
  try {
    return await read(
      resolved.source,
      (counts) => reading.update(counts),
      () => reading.stop(),
    );
  } finally {
    reading.stop();
  }
}

/** A skill as --json reports it: `id` and its files (path, size, executable), never their text. */
export function summaryOf(skill: ImportedSkill): Pick<ImportedSkill, "id" | "files" | "signature"> {
  return { id: skill.id, files: skill.files, signature: skill.signature };
}

/** Total bytes of a skill's files. */
export function totalBytes(skill: { files: readonly { bytes: number }[] }): number {
  return skill.files.reduce((sum, file) => sum + file.bytes, 0);
}
