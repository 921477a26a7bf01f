// The import flow, the one way a bundle enters a store: read the source
// with the chosen selection, record where it came from, then check (a dry
// run) or install all of it or nothing, and summarize what was done. The
// CLI's check and import, the server's imports and `update` all come here,
// so a bundle gets the same verdict and the same record on every surface.
// The source (an archive's bytes, for one) is let go as soon as it has been
// read and hashed: an import waiting for the store's lock holds the files it
// read, not the archive they came from as well.
// What the skills' bytes hide (the reader's findings) is judged here, once,
// between the read and the store: a refusing finding refuses the import
// with `hidden-content` unless the operator accepted its code for this
// import, and the codes accepted are kept in each skill's record.
import {
  acceptFindings,
  type Finding,
  type FindingCode,
  findingsOf,
  type ReadOptions,
  type ReadProgress,
  readBundle,
  type Skill,
  type Source,
  type Warning,
} from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { toRefusal } from "@skillshelf/contract";
import { bundleServability, type McpWarning } from "@skillshelf/mcp/source";
import {
  check,
  type InstalledSkill,
  install,
  type RecordedSource,
  type Roots,
  type SkillFileSummary,
  summarizeFiles,
} from "@skillshelf/skill-catalog";
import { recordSource, type Selection } from "./recorded-source.js";
import type { SignatureStatus } from "./signature-status.js";
import { judgeSignatures } from "./signed-import.js";
import type { Trust } from "./trust.js";

/** What a check or an import reads: the selection, strictness, and how the read is watched. */
export type ReadChoices = {
  /** The directory of the source taken as the bundle's root. */
  path?: string | undefined;
  /** Keep only these skills. */
  skills?: readonly string[] | undefined;
  /** Leave these skills out, unjudged: the rest of a collection imports without them. */
  skip?: readonly string[] | undefined;
  /** A specification warning refuses the bundle (`spec-violation`). */
  strict?: boolean | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: ReadProgress) => void) | undefined;
};

export type ImportChoices = ReadChoices & {
  /** Replace managed skills of the same id. */
  replace?: boolean | undefined;
  /** Signatures given beside the source (`--signature`), each matched to the skill it signs. */
  signatures?: readonly Uint8Array[] | undefined;
  /** Finding codes the operator accepted for this import (`--accept`, `accept=`): they do not refuse. */
  accept?: readonly FindingCode[] | undefined;
  /** Called once the bundle is read, before the store is asked (a surface's progress line). */
  onRead?: ((skills: readonly Skill[]) => void) | undefined;
};

/** One skill a check would install, or an import installed, with its files and signature. */
export type ImportedSkill = InstalledSkill & {
  files: SkillFileSummary[];
  signature: SignatureStatus;
};

/**
 * The verdict of a check or an import. `findings` are those that did not
 * refuse (warnings, and refusing ones whose code was accepted); a
 * `hidden-content` refusal carries every finding, the refusing ones first.
 */
export type ImportOutcome =
  | {
      ok: true;
      skills: ImportedSkill[];
      warnings: Warning[];
      /** Which skills an MCP host is not served (`mcp-unservable`) or need not take (`mcp-over-limits`). */
      mcpWarnings: McpWarning[];
      findings: Finding[];
    }
  | { ok: false; refusal: Refusal; findings?: Finding[] };

/** The reader's options for a surface's choices: given fields only. */
export function readOptionsOf(choices: ReadChoices): ReadOptions {
  const options: ReadOptions = { strict: choices.strict === true };
  if (choices.path !== undefined) options.path = choices.path;
  if (choices.skills !== undefined && choices.skills.length > 0) options.skills = choices.skills;
  if (choices.skip !== undefined && choices.skip.length > 0) options.skip = choices.skip;
  if (choices.signal !== undefined) options.signal = choices.signal;
  if (choices.onProgress !== undefined) options.onProgress = choices.onProgress;
  return options;
}

/** The selection a record keeps: what the operator chose, not what update narrows it to. */
export const selectionOf = (choices: ReadChoices): Selection => ({
  path: choices.path,
  skills: choices.skills,
});

type Read =
  | { ok: true; skills: Skill[]; warnings: Warning[]; recorded: RecordedSource | undefined }
  | { ok: false; refusal: Refusal };

/** Reads `source` and, for an install, records it; nothing here outlives the source but the skills. */
export async function readAndRecord(
  source: Source,
  choices: ReadChoices,
  selection: Selection | undefined,
): Promise<Read> {
  const read = await readBundle(source, readOptionsOf(choices));
  if (!read.ok) return read;
  const recorded =
    selection === undefined ? undefined : await recordSource(source, selection, read.origin);
  return { ok: true, skills: read.skills, warnings: read.warnings, recorded };
}

/** Reads `source` and checks (dryRun) or installs its skills, all or nothing. */
export async function importSource(
  roots: Roots,
  source: Source,
  choices: ImportChoices & { dryRun: boolean; tool: string; trust: Trust },
): Promise<ImportOutcome> {
  try {
    const read = await readAndRecord(
      source,
      choices,
      choices.dryRun ? undefined : selectionOf(choices),
    );
    // The caller's source (an archive's bytes) is not kept alive by this frame.
    source = undefined as unknown as Source;
    if (!read.ok) return read;
    const judged = judgeFindings(read.skills, choices.accept);
    if (!judged.ok) return judged;
    const { accepted } = judged;
    choices.onRead?.(read.skills);
    const signed = judgeSignatures(read.skills, choices.signatures ?? [], choices.trust);
    if (!signed.ok) return signed;
    const { skills, statuses } = signed;
    const replace = choices.replace === true;
    const result = choices.dryRun
      ? await check(roots, skills, { replace })
      : await install(roots, skills, {
          replace,
          tool: choices.tool,
          signatures: signed.recorded,
          ...(read.recorded === undefined ? {} : { source: read.recorded }),
          ...(accepted.length === 0 ? {} : { accepted }),
        });
    if (!result.ok) return result;
    return {
      ok: true,
      skills: withFiles(result.installed, skills, statuses),
      warnings: read.warnings,
      mcpWarnings: read.skills.flatMap((skill) => bundleServability(skill)),
      findings: judged.findings,
    };
  } catch (error) {
    return { ok: false, refusal: toRefusal(error) };
  }
}

/**
 * The findings of `skills` judged as an import judges them, with the codes in
 * `accept` accepted: `hidden-content` (every finding carried, the refusing
 * ones first, as acceptFindings orders them) or the findings that did not
 * refuse, with the accepted codes deduplicated and sorted as a record keeps
 * them. Sync judges each manifest entry here too, so a bundle gets one
 * verdict however it arrives.
 */
export function judgeFindings(
  skills: readonly Skill[],
  accept: readonly FindingCode[] | undefined,
):
  | { ok: true; findings: Finding[]; accepted: FindingCode[] }
  | { ok: false; refusal: Refusal; findings: Finding[] } {
  const accepted = [...new Set(accept ?? [])].sort();
  const judged = acceptFindings(
    skills.flatMap((skill) => findingsOf(skill)),
    accepted,
    skills.length,
  );
  if (!judged.ok) return judged;
  return { ok: true, findings: judged.findings, accepted };
}

/** Each installed skill with its bundle files summarized (never decoded) and its signature. */
function withFiles(
  installed: InstalledSkill[],
  skills: readonly Skill[],
  statuses: ReadonlyMap<string, SignatureStatus>,
): ImportedSkill[] {
  const byName = new Map(skills.map((skill) => [skill.name, skill]));
  return installed.map((done) => ({
    ...done,
    files: summarizeFiles(byName.get(done.id)?.files ?? []),
    signature: statuses.get(done.id) ?? { status: "unsigned" },
  }));
}
