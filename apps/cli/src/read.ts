// Reads the bundle a check or an import names, with a progress line while
// it runs, and describes the skills read as the JSON answer lists them
// (name, then each file's path and size in bytes). Both commands read the
// same way, so check can promise import's verdict.
import {
  type ListResult,
  listBundle,
  type ReadOptions,
  type ReadProgress,
  type ReadResult,
  readBundle,
  type Skill,
  type Source,
} from "@skillshelf/bundle-reader";
import { limits, type Refusal } from "@skillshelf/contract";
import { type SkillFileSummary, summarizeFiles } from "@skillshelf/skill-catalog";
import { type Context, UsageError } from "./context.js";
import { startProgress } from "./progress.js";
import { resolveSource } from "./source.js";

/**
 * A skill as --json reports it: named by `id`, as `list --json` and the HTTP
 * API name it, with its files by path, size and owner-execute bit, never
 * their text.
 */
export type SkillSummary = { id: string; files: SkillFileSummary[] };

/** How check and import read a source: the command line's reading options, passed through. */
export type ReadChoices = {
  /** --name: the skill name for a single-skill archive on stdin. */
  name?: string | undefined;
  /** --strict: a specification warning refuses the bundle. */
  strict?: boolean | undefined;
  /** --path: the directory of the source taken as the bundle's root. */
  path?: string | undefined;
  /** --skill, repeated: keep only these skills. */
  skill?: readonly string[] | undefined;
};

/** The reader's options for what the command line chose. */
export function readOptionsOf(
  choices: ReadChoices,
): Pick<ReadOptions, "path" | "skills" | "strict"> {
  return {
    strict: choices.strict === true,
    ...(choices.path === undefined ? {} : { path: choices.path }),
    ...(choices.skill === undefined || choices.skill.length === 0 ? {} : { skills: choices.skill }),
  };
}

/** Reads `argument` into skills and warnings, or the refusal of the source; a misused `-` is a usage error. */
export function readSkills(
  context: Context,
  argument: string,
  choices: ReadChoices,
): Promise<(ReadResult & { ok: false }) | (ReadResult & { ok: true; source: Source })> {
  return withSource(context, argument, choices, async (source, onProgress) => {
    const read = await readBundle(source, { onProgress, ...readOptionsOf(choices) });
    // The source rides along, so an import can record where its skills came from.
    return read.ok ? { ...read, source } : read;
  });
}

/** Lists what `argument` holds (check --list), under --path when given. */
export function listSkills(
  context: Context,
  argument: string,
  choices: ReadChoices,
): Promise<ListResult> {
  return withSource(context, argument, choices, (source, onProgress) =>
    listBundle(source, {
      onProgress,
      ...(choices.path === undefined ? {} : { path: choices.path }),
    }),
  );
}

/** Resolves the source (with a progress line while stdin arrives), then runs `read` on it. */
async function withSource<T>(
  context: Context,
  argument: string,
  choices: ReadChoices,
  read: (source: Source, onProgress: (counts: ReadProgress) => void) => Promise<T>,
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
    return await read(resolved.source, (counts) => reading.update(counts));
  } finally {
    reading.stop();
  }
}

export function summarizeSkills(skills: readonly Skill[]): SkillSummary[] {
  return skills.map((skill) => ({ id: skill.name, files: summarizeFiles(skill.files) }));
}

/** Total bytes of a summarized skill's files. */
export function totalBytes(skill: SkillSummary): number {
  return skill.files.reduce((sum, file) => sum + file.bytes, 0);
}
