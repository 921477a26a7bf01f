// Reads every source of a manifest, as the import flow reads one, and
// resolves the set it names: each entry's commit or archive digest and the
// skills it gave, each skill with its tree digest, and the lock that says
// all of it. A source refused refuses the whole set; two entries giving one
// id refuse it as `invalid-manifest`. Relative paths are the manifest's.
// Each entry's skills are judged for findings as an import judges them
// (judgeFindings), with the codes the entry accepts: a refusing finding
// refuses the set with `hidden-content`, every finding of the entry carried.
// Each skill's signature is then judged against the shelf's trust as an
// import judges it (judgeSignatures): under `requireSigned`, a skill not
// signed by a trusted key refuses the set, and a verified signer is kept for
// the skill's record.
// The import flow is loaded when a set is read, not when a frozen sync only
// asks what the entries name (frozen-held.ts).
import { createHash } from "node:crypto";
import { dirname, resolve } from "node:path";
import {
  type Finding,
  type FindingCode,
  isGitSpec,
  parseGitSource,
  type Skill,
  type Source,
} from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import {
  type RecordedSignature,
  type RecordedSource,
  revisionOf,
  treeOf,
} from "@skillshelf/skill-catalog";
import { entryOf, type Lock, type LockedSkill, type LockedSource } from "./lock.js";
import { acceptedOf, type Manifest, type ManifestEntry } from "./manifest.js";
import type { Trust } from "./trust.js";

/**
 * One skill of the set, read, with where it came from, the finding codes its
 * entry accepts, and its signer when a trusted key signed it.
 */
export type ResolvedSkill = {
  skill: Skill;
  recorded: RecordedSource;
  tree: string;
  entry: number;
  accepted: FindingCode[];
  signature?: RecordedSignature | undefined;
};

/** The set a manifest names, read, with the findings that did not refuse it. */
export type ResolvedSet = { skills: ResolvedSkill[]; lock: Lock; findings: Finding[] };

/** Why a set was not resolved; a `hidden-content` refusal carries its entry's findings and accepted codes. */
export type SetRefused = {
  ok: false;
  refusal: Refusal;
  findings?: Finding[];
  accepted?: FindingCode[];
};

/** The source as a person (and the lock) may see it: a git spec without credentials or `#ref`. */
export function shownSource(spec: string): string {
  if (!isGitSpec(spec)) return spec;
  const parsed = parseGitSource(spec);
  if (!parsed.ok) return spec;
  return parsed.display.replace(/#.*$/, "");
}

/** The manifest entry as the lock keeps it: the source shown, the ref from the entry or the spec. */
export function lockedEntryOf(entry: ManifestEntry): ManifestEntry {
  const ref = entry.ref ?? (isGitSpec(entry.source) ? refOfSpec(entry.source) : undefined);
  return entryOf({ ...entry, source: shownSource(entry.source), ref });
}

function refOfSpec(spec: string): string | undefined {
  const parsed = parseGitSource(spec);
  return parsed.ok ? parsed.ref : undefined;
}

/** The reader's source for a manifest entry, or why the entry is not one. */
export function sourceOf(
  entry: ManifestEntry,
  base: string,
): { ok: true; source: Source } | { ok: false; refusal: Refusal } {
  if (isGitSpec(entry.source)) {
    const parsed = parseGitSource(entry.source);
    if (!parsed.ok) return parsed;
    const ref = entry.ref ?? parsed.ref;
    return {
      ok: true,
      source:
        ref === undefined
          ? { kind: "git", url: parsed.url }
          : { kind: "git", url: parsed.url, ref },
    };
  }
  return { ok: true, source: { kind: "path", path: resolve(base, entry.source) } };
}

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** Reads every entry of `manifest` (found at `manifestPath`) and resolves the set, held to `trust`. */
export async function resolveSet(
  manifest: Manifest,
  manifestPath: string,
  trust: Trust,
  signal?: AbortSignal,
): Promise<{ ok: true; set: ResolvedSet } | SetRefused> {
  const { judgeFindings, readAndRecord } = await import("./import-flow.js");
  const { judgeSignatures } = await import("./signed-import.js");
  const base = dirname(resolve(manifestPath));
  const skills: ResolvedSkill[] = [];
  const sources: LockedSource[] = [];
  const seen = new Map<string, string>();
  const findings: Finding[] = [];
  for (const [index, entry] of manifest.skills.entries()) {
    const from = sourceOf(entry, base);
    if (!from.ok) return from;
    const read = await readAndRecord(
      from.source,
      { path: entry.path, skills: entry.skills, signal },
      { path: entry.path, skills: entry.skills },
    );
    if (!read.ok) return read;
    const judged = judgeFindings(read.skills, entry.accept);
    if (!judged.ok) return { ...judged, accepted: acceptedOf(entry) };
    findings.push(...judged.findings);
    const { accepted } = judged;
    const signed = judgeSignatures(read.skills, [], trust);
    if (!signed.ok) return signed;
    const recorded = read.recorded!;
    const locked = lockedEntryOf(entry);
    const ids: string[] = [];
    for (const skill of read.skills) {
      const other = seen.get(skill.name);
      if (other !== undefined) {
        const detail = `skill '${skill.name}' comes from both ${other} and ${locked.source}`;
        return { ok: false, refusal: { code: "invalid-manifest", path: manifestPath, detail } };
      }
      seen.set(skill.name, locked.source);
      ids.push(skill.name);
      skills.push({
        skill,
        recorded,
        tree: treeOf(skill.files).digest,
        entry: index,
        accepted,
        signature: signed.recorded.get(skill.name),
      });
    }
    sources.push({ ...locked, commit: recorded.commit, sha256: recorded.sha256, ids });
  }
  const lockedSkills: LockedSkill[] = skills.map(({ skill, recorded, tree, entry }) => {
    const locked = sources[entry]!;
    return {
      id: skill.name,
      source: locked.source,
      ref: locked.ref,
      commit: recorded.commit,
      sha256: recorded.sha256,
      path: locked.path,
      tree,
    };
  });
  const bodies = skills.map(({ skill }) => ({
    id: skill.name,
    digest: sha256(skill.files.find((file) => file.path === "SKILL.md")?.bytes ?? new Uint8Array()),
  }));
  const lock: Lock = {
    lockVersion: 1,
    revision: revisionOf(bodies),
    sources,
    skills: lockedSkills,
  };
  return { ok: true, set: { skills, lock, findings } };
}
