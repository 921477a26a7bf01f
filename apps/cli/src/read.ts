// Resolves the source a check or an import names, with a progress line
// while stdin arrives and another while the shelf reads it, and hands it to
// one of the shelf's operations (check, import, listSource): the CLI reads
// nothing itself, so check can promise import's verdict.
import type { ReadProgress, Source } from "@skillshelf/bundle-reader";
import { limits, type Refusal } from "@skillshelf/contract";
import type { ImportChoices, ImportedSkill } from "@skillshelf/shelf";
import { type Context, UsageError } from "./context.js";
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
  /** --skip, repeated: leave these skills out. */
  skip?: readonly string[] | undefined;
};

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
export function summaryOf(skill: ImportedSkill): Pick<ImportedSkill, "id" | "files"> {
  return { id: skill.id, files: skill.files };
}

/** Total bytes of a skill's files. */
export function totalBytes(skill: { files: readonly { bytes: number }[] }): number {
  return skill.files.reduce((sum, file) => sum + file.bytes, 0);
}
