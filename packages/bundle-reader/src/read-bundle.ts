// The reader's front door, read as the contract's path: the source becomes
// entries (sources/*, judged by the ledger), the entries become skills
// (resolve.ts), and the skills are held to the specification (warnings, or
// a refusal under `strict`). Any content yields skills or exactly one
// refusal; an abort rejects at once with the signal's reason and tears the
// read down. An archive's and a git repository's sources (tar, zip and
// yauzl, gunzip, the git runner) are loaded when such a source is read, so
// a process that reads folders or lists its store never loads them.
import type { EntriesResult } from "./entries.js";
import { Reading } from "./reading.js";
import { resolveSkills } from "./resolve.js";
import { skillNameOf } from "./sources/archive-name.js";
import { readPath } from "./sources/path.js";
import { readUploads } from "./sources/uploads.js";
import { specWarnings, strictRefusal } from "./spec-warnings.js";
import type { GitOrigin, ReadOptions, ReadResult, SkillsResult, Source } from "./types.js";

export function readBundle(source: Source, options: ReadOptions = {}): Promise<ReadResult> {
  const { signal } = options;
  if (signal?.aborted === true) return Promise.reject(signal.reason);
  const reading = new Reading(options);
  const work = readSource(source, reading, options).then((result) => {
    reading.finish();
    return withWarnings(result, options.strict === true, reading);
  });
  return settleOnAbort(work, reading, signal);
}

/** `work`, unless `signal` aborts first: then its reason, and the read torn down. */
export function settleOnAbort<T>(
  work: Promise<T>,
  reading: Reading,
  signal: AbortSignal | undefined,
): Promise<T> {
  if (signal === undefined) return work;
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      reading.cancel();
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
    work.then(
      (result) => {
        signal.removeEventListener("abort", abort);
        if (signal.aborted) reject(signal.reason);
        else resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(signal.aborted ? signal.reason : error);
      },
    );
  });
}

/** The specification's warnings for the skills read; under `strict`, the first refuses. */
async function withWarnings(
  result: SkillsWithOrigin,
  strict: boolean,
  reading: Reading,
): Promise<ReadResult> {
  if (!result.ok) return result;
  const verdict = await specWarnings(result.skills, () => reading.pause());
  if (!verdict.ok) return verdict;
  const { warnings, total, bySkill } = verdict;
  const refusal = strict
    ? strictRefusal(warnings, total, bySkill, result.skills.length)
    : undefined;
  if (refusal !== undefined) return { ok: false, refusal };
  const { origin } = result;
  return origin === undefined
    ? { ok: true, skills: result.skills, warnings }
    : { ok: true, skills: result.skills, warnings, origin };
}

type SkillsWithOrigin = SkillsResult & { origin?: GitOrigin };

/** source -> entries -> skills (and, for a git source, the commit read). */
async function readSource(
  source: Source,
  reading: Reading,
  options: ReadOptions,
): Promise<SkillsWithOrigin> {
  const read = await readEntries(source, reading);
  if (!read.ok) return read;
  const skills = resolveSkills(read.entries, {
    path: options.path,
    skills: options.skills,
    skip: options.skip,
  });
  return skills.ok && read.origin !== undefined ? { ...skills, origin: read.origin } : skills;
}

export function readEntries(
  source: Source,
  reading: Reading,
): Promise<EntriesResult> | EntriesResult {
  switch (source.kind) {
    case "path":
      return readPath(source.path, reading);
    case "archive":
      return import("./sources/archive.js").then(({ readArchiveBytes }) =>
        readArchiveBytes(source.bytes, skillNameOf(source.name), reading),
      );
    case "uploads":
      return readUploads(source.files, reading);
    case "git":
      return import("./sources/git.js").then(({ readGit }) =>
        readGit(source.url, source.ref, reading, reading.gitTimeoutMs),
      );
    default:
      throw new TypeError(`unknown source kind: ${(source as { kind: unknown }).kind}`);
  }
}
