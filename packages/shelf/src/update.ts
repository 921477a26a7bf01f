// Update: re-imports managed skills from the sources their records name,
// when that source is a path that still exists or a git repository (whose
// recorded ref is resolved again, so a branch moves and a tag or commit
// stays; `ref` moves a skill to another), with the same selection (the
// recorded `path`, narrowed to the skill itself). It reads through the
// import flow, so a source is judged and recorded exactly as at its first
// import. A skill whose source would give the same tree is "up to date"; a
// skill whose files drifted from its record is left alone and named unless
// forced; every skill that does change is installed in one replace, all or
// nothing, with a fresh record. The source's new bytes are judged for
// findings as an import judges them, with the codes the record accepted.

import {
  acceptFindings,
  type FindingCode,
  findingsOf,
  type Skill,
  type Source,
} from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import {
  install,
  type RecordedSignature,
  type RecordedSource,
  type Roots,
  treeOf,
  verify,
} from "@skillshelf/skill-catalog";
import { readAndRecord } from "./import-flow.js";
import { recordedPlace } from "./recorded-source.js";
import { policyRefusal, signatureStatusOf } from "./signature-status.js";
import { NO_TRUST, type Trust } from "./trust.js";

/** What update did, or would not do, for one skill. */
export type UpdateOutcome =
  | { id: string; status: "updated"; treeDigest: string; previous: string; source: string }
  | { id: string; status: "up-to-date"; treeDigest: string; source: string }
  | { id: string; status: "drifted"; files: string[] }
  | { id: string; status: "no-record" }
  | { id: string; status: "no-source"; detail: string }
  | { id: string; status: "refused"; refusal: Refusal; source?: string };

export type UpdateResult = { ok: true; skills: UpdateOutcome[] } | { ok: false; refusal: Refusal };

export type UpdateOptions = {
  force?: boolean;
  /** For git-sourced skills: the branch, tag or commit to move to, in place of the recorded ref. */
  ref?: string;
  tool: string;
  /** The shelf's trust: a re-read skill is held to it as an import is, and its signer recorded. */
  trust?: Trust;
};

/** A skill read again, with its source as recorded and where it was read from, in words. */
type Reread = { skill: Skill; source: RecordedSource; where: string };

/** Re-imports every managed skill (or those named) from its recorded source path. */
export async function updateSkills(
  roots: Roots,
  ids: readonly string[],
  options: UpdateOptions,
): Promise<UpdateResult> {
  const verified = await verify(roots, ids, { findings: false });
  if (!verified.ok) return verified;
  const outcomes: UpdateOutcome[] = [];
  const changed: {
    skill: Skill;
    source: RecordedSource;
    where: string;
    previous: string;
    accepted: readonly FindingCode[];
  }[] = [];
  // The tree each skill held when verify judged it unchanged: install checks
  // it again under the store's lock, so an edit made meanwhile is not lost.
  const unchangedSince = new Map<string, string>();
  const trust = options.trust ?? NO_TRUST;
  const signatures = new Map<string, RecordedSignature>();
  const verifiedAt = new Date().toISOString();
  for (const verdict of verified.skills) {
    const { id } = verdict;
    if (verdict.status === "no-record") {
      outcomes.push({ id, status: "no-record" });
      continue;
    }
    if (verdict.status === "bad-record") {
      outcomes.push({ id, status: "refused", refusal: verdict.refusal });
      continue;
    }
    if (verdict.status === "changed" && options.force !== true) {
      outcomes.push({ id, status: "drifted", files: verdict.files.map((file) => file.path) });
      continue;
    }
    const reread = await rereadSource(id, verdict.record.source, options.ref);
    if ("status" in reread) {
      outcomes.push(reread);
      continue;
    }
    const { where } = reread;
    const digest = treeOf(reread.skill.files).digest;
    const sameSource = reread.source.commit === verdict.record.source?.commit;
    if (digest === verdict.record.tree.digest && verdict.status === "unchanged" && sameSource) {
      outcomes.push({ id, status: "up-to-date", treeDigest: digest, source: where });
      continue;
    }
    const accepted = verdict.record.accepted ?? [];
    const judged = acceptFindings(findingsOf(reread.skill), accepted);
    if (!judged.ok) {
      outcomes.push({ id, status: "refused", refusal: judged.refusal, source: where });
      continue;
    }
    const signature = signatureStatusOf(id, reread.skill.files, trust);
    const refusal = trust.requireSigned ? policyRefusal(id, signature) : undefined;
    if (refusal !== undefined) {
      outcomes.push({ id, status: "refused", refusal, source: where });
      continue;
    }
    if (verdict.status === "unchanged") unchangedSince.set(id, verdict.record.tree.digest);
    if (signature.status === "signed") {
      const { principal, fingerprint, algorithm } = signature;
      signatures.set(id, { principal, fingerprint, algorithm, verifiedAt });
    }
    changed.push({ ...reread, previous: verdict.record.tree.digest, accepted });
  }
  if (changed.length > 0) {
    const sources = new Map(changed.map(({ skill, source }) => [skill.name, source]));
    const acceptedBy = new Map(changed.map(({ skill, accepted }) => [skill.name, accepted]));
    const skills = changed.map(({ skill }) => skill);
    const installed = await install(roots, skills, {
      replace: true,
      sources,
      signatures,
      acceptedBy,
      unchangedSince,
      tool: options.tool,
    });
    if (!installed.ok) return installed;
    for (const { skill, previous, where } of changed) {
      const treeDigest = treeOf(skill.files).digest;
      outcomes.push({ id: skill.name, status: "updated", treeDigest, previous, source: where });
    }
  }
  outcomes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { ok: true, skills: outcomes };
}

/** The skill `id` read again from `source`, or why it cannot be. */
async function rereadSource(
  id: string,
  source: RecordedSource | undefined,
  ref: string | undefined,
): Promise<Reread | UpdateOutcome> {
  if (source?.kind === "git" && source.name !== undefined) {
    const moved = ref ?? source.ref;
    const from: Source =
      moved === undefined
        ? { kind: "git", url: source.name }
        : { kind: "git", url: source.name, ref: moved };
    return rereadFrom(id, from, source);
  }
  if (source === undefined || source.kind !== "path" || source.name === undefined) {
    return { id, status: "no-source", detail: noSourceDetail(source) };
  }
  const path = source.name;
  const before = await recordedPlace(path);
  if (before.kind === "missing") {
    const detail = `its source ${path} no longer exists: import it again from where it is now, with --replace (replace=1 over HTTP)`;
    return { id, status: "no-source", detail };
  }
  if (before.kind === "moved") return movedSource(id, path, before.detail);
  const reread = await rereadFrom(id, { kind: "path", path }, source);
  // Read by path: a swap made during the read shows as another directory after it.
  const after = await recordedPlace(path);
  if (after.kind !== "place" || after.dev !== before.dev || after.ino !== before.ino) {
    return movedSource(id, path, "it was replaced while update read it");
  }
  return reread;
}

const movedSource = (id: string, path: string, detail: string): UpdateOutcome => ({
  id,
  status: "refused",
  refusal: {
    code: "link",
    skill: id,
    path,
    detail: `${detail}; update reads only the path the import recorded, so import it again from the path you mean, with --replace`,
  },
  source: path,
});

/** Why a recorded source cannot be read again, and what to do instead. */
function noSourceDetail(source: RecordedSource | undefined): string {
  const again = "import it again with --replace (replace=1 over HTTP)";
  if (source === undefined) return `its source was not recorded: ${again}`;
  if (source.kind === "archive" || source.kind === "uploads") {
    const what =
      source.kind === "archive" ? "archive bytes (stdin or an upload)" : "a browser upload";
    return `its source was ${what}, which cannot be read again: ${again}`;
  }
  return `its source was a path without a name: ${again}`;
}

/** Reads `from` with the recorded path, narrowed to `id`; recorded with the selection as first made. */
async function rereadFrom(
  id: string,
  from: Source,
  source: RecordedSource,
): Promise<Reread | UpdateOutcome> {
  const where =
    (from.kind === "git" ? source.name : from.kind === "path" ? from.path : undefined) ?? from.kind;
  const read = await readAndRecord(
    from,
    { path: source.path, skills: [id] },
    { path: source.path, skills: source.skills },
  );
  if (!read.ok) return { id, status: "refused", refusal: read.refusal, source: where };
  const skill = read.skills.find((found) => found.name === id);
  if (skill === undefined || read.recorded === undefined) {
    const detail = `its source ${where} no longer holds it`;
    const refusal: Refusal = { code: "unknown-skill", skill: id, detail };
    return { id, status: "refused", refusal, source: where };
  }
  return { skill, source: read.recorded, where };
}
