// One import, start to end, through the same steps as the CLI: the reader
// turns the body into skills or a refusal, then the catalog's `check` (dry
// run) or `install` (all of the bundle or nothing) decides the destination.
// Anything thrown becomes a known refusal or `internal`, never a stack trace.
// The archive's bytes live only as long as reading them (and hashing them for
// the record) takes: an import waiting for the store's lock holds the files
// it read, not the archive they came from as well.
import { createRequire } from "node:module";
import { readBundle, type Skill, type Source, type Warning } from "@skillshelf/bundle-reader";
import { toRefusal } from "@skillshelf/contract";
import {
  check,
  install,
  type RecordedSource,
  type RootsLike,
  recordSource,
  type SkillFileSummary,
  summarizeFiles,
} from "@skillshelf/skill-catalog";
import type { ParsedBody } from "./parsed-body.js";

const TOOL = `skillshelf-server ${
  (createRequire(import.meta.url)("../../package.json") as { version: string }).version
}`;

export type ImportOptions = {
  replace: boolean;
  dryRun: boolean;
  /** A specification warning refuses the bundle (spec-violation). */
  strict: boolean;
  /** Only list what the source holds (listBundle); nothing is judged or stored. */
  list: boolean;
  /** The directory of the source taken as the bundle's root. */
  path: string | undefined;
  /** Keep only these skills. */
  skills: string[] | undefined;
  name: string | undefined;
};

export type ImportedSkill = {
  id: string;
  replaced: boolean;
  digest: string;
  path: string;
  treeDigest?: string;
  files: SkillFileSummary[];
};

export type ImportOutcome =
  | { ok: true; skills: ImportedSkill[]; warnings: Warning[] }
  | { ok: false; refusal: ReturnType<typeof toRefusal> };

type ReadBody = Extract<ParsedBody, { ok: true }>;

/** The reader's source for a parsed body; an archive's bytes are taken from the body. */
export function sourceOf(body: ReadBody, name: string | undefined): Source {
  if (body.kind === "uploads") return { kind: "uploads", files: body.files };
  const bytes = body.bytes.take();
  return name === undefined ? { kind: "archive", bytes } : { kind: "archive", bytes, name };
}

type Read = Awaited<ReturnType<typeof readBundle>>;

/**
 * Reads the body, and for an install records its source; the source (and
 * with it an archive's bytes) is unreachable once this returns.
 */
async function readBody(
  body: ReadBody,
  options: ImportOptions,
): Promise<{ read: Read; recorded: RecordedSource | undefined }> {
  const source = sourceOf(body, options.name);
  const read = await readBundle(source, {
    strict: options.strict,
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.skills === undefined ? {} : { skills: options.skills }),
  });
  const recorded =
    read.ok && !options.dryRun
      ? await recordSource(source, { path: options.path, skills: options.skills })
      : undefined;
  return { read, recorded };
}

const filesOf = (skills: Skill[], id: string): ImportedSkill["files"] =>
  summarizeFiles(skills.find((skill) => skill.name === id)?.files ?? []);

/** Reads the body and installs (or checks) its skills, all or nothing. */
export async function runImport(
  roots: RootsLike,
  body: ReadBody,
  options: ImportOptions,
): Promise<ImportOutcome> {
  try {
    const { read, recorded } = await readBody(body, options);
    if (!read.ok) return read;
    const result = options.dryRun
      ? await check(roots, read.skills, { replace: options.replace })
      : await install(roots, read.skills, {
          replace: options.replace,
          ...(recorded === undefined ? {} : { source: recorded }),
          tool: TOOL,
        });
    if (!result.ok) return result;
    const skills = result.installed.map((skill) => ({
      ...skill,
      files: filesOf(read.skills, skill.id),
    }));
    return { ok: true, skills, warnings: read.warnings };
  } catch (error) {
    return { ok: false, refusal: toRefusal(error) };
  }
}
