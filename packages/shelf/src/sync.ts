// Sync: makes the managed store hold exactly the skills a manifest names.
// It resolves the manifest (resolve-set.ts), holds the result against the
// store's own verdicts, and applies every install, replace and (with
// `prune`) removal in one step of the store, all or nothing; then writes the
// lock. `frozen` installs exactly the lock: any difference between the
// manifest, the lock and what the sources give now refuses the whole sync
// as `lock-mismatch`, each difference named; when every ref still names the
// locked commit and the store holds the lock, it fetches nothing
// (frozen-held.ts). `check` writes nothing and
// says whether the store and the lock are in step. Every skill read is
// judged for findings as an import judges it, with the codes its manifest
// entry accepts (`accept`), which its record keeps; a stored skill whose
// record accepts other codes than its entry now does is installed again,
// so the record always says what the manifest accepted. Every skill read is
// held to the shelf's trust as an import holds it: under `requireSigned` an
// unsigned or untrusted skill refuses the sync, and a trusted signer is
// recorded; a stored skill whose record names another signer than its
// source's signature now does is installed again.
import { readFile, rename, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Finding, FindingCode } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { applySet, type RecordedSignature, type Roots, verify } from "@skillshelf/skill-catalog";
import { frozenHeld } from "./frozen-held.js";
import { formatLock, type Lock, readLock } from "./lock.js";
import { manifestDifferences, resolvedDifferences, storeDifferences } from "./lock-differences.js";
import { readManifest, sameAccepted } from "./manifest.js";
import { resolveSet, type SetRefused } from "./resolve-set.js";
import type { Trust } from "./trust.js";

export type SyncOptions = {
  /** The manifest, skillshelf.json. */
  manifest: string;
  /** The lock, skillshelf.lock.json. */
  lock: string;
  /** Install exactly the lock; refuse on any difference. */
  frozen?: boolean | undefined;
  /** Report without writing. */
  check?: boolean | undefined;
  /** Remove managed skills the manifest does not name. */
  prune?: boolean | undefined;
  signal?: AbortSignal | undefined;
};

/** What sync did (or, with check, would do) to one skill. */
export type SyncOutcome = {
  id: string;
  status: "installed" | "replaced" | "unchanged" | "removed" | "kept";
  tree?: string;
};

export type SyncResult =
  | {
      ok: true;
      skills: SyncOutcome[];
      /** The revision of the set's bodies, as the lock says it. */
      revision: string;
      /** Whether the lock file was (or, with check, would be) written anew. */
      lockChanged: boolean;
      /** Whether nothing was (or would be) changed: the store and the lock already in step. */
      inStep: boolean;
      /**
       * The findings of the skills read that did not refuse (warnings, and
       * refusing ones whose code their entry accepted); none when a frozen
       * sync read nothing.
       */
      findings: Finding[];
    }
  | (SetRefused & { differences?: string[] });

const byId = (a: { id: string }, b: { id: string }): number =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Makes the managed store hold the manifest's skills and writes the lock. */
export async function syncSet(
  roots: Roots,
  options: SyncOptions & { tool: string; trust: Trust },
): Promise<SyncResult> {
  const manifest = await readManifest(options.manifest);
  if (!manifest.ok) return manifest;
  let locked: Lock | undefined;
  if (options.frozen === true) {
    const read = await readLock(options.lock);
    if (!read.ok) return read;
    locked = read.lock;
    const differences = manifestDifferences(manifest.manifest, locked);
    if (differences.length > 0) return mismatch(options.lock, differences);
    const base = dirname(resolve(options.manifest));
    const held = await frozenHeld(roots, manifest.manifest, base, locked, {
      ...options,
      requireSigned: options.trust.requireSigned,
    });
    if (held !== undefined && "refusal" in held) return { ok: false, refusal: held.refusal };
    if (held !== undefined) {
      const skills = held.held.sort(byId);
      return {
        ok: true,
        skills,
        revision: locked.revision,
        lockChanged: false,
        inStep: true,
        findings: [],
      };
    }
  }
  const resolved = await resolveSet(
    manifest.manifest,
    options.manifest,
    options.trust,
    options.signal,
  );
  if (!resolved.ok) return resolved;
  const { set } = resolved;
  if (locked !== undefined) {
    const differences = resolvedDifferences(set, locked);
    if (differences.length > 0) return mismatch(options.lock, differences);
  }
  const verified = await verify(roots, [], { findings: false });
  if (!verified.ok) return verified;
  const stored = new Map(verified.skills.map((verdict) => [verdict.id, verdict]));
  const outcomes: SyncOutcome[] = [];
  const install = [];
  const sources = new Map();
  const acceptedBy = new Map<string, FindingCode[]>();
  const signatures = new Map<string, RecordedSignature>();
  for (const { skill, recorded, tree, accepted, signature } of set.skills) {
    const verdict = stored.get(skill.name);
    if (
      verdict?.status === "unchanged" &&
      verdict.record.tree.digest === tree &&
      sameAccepted(verdict.record.accepted, accepted) &&
      verdict.record.signature?.fingerprint === signature?.fingerprint
    ) {
      outcomes.push({ id: skill.name, status: "unchanged", tree });
      continue;
    }
    install.push(skill);
    sources.set(skill.name, recorded);
    acceptedBy.set(skill.name, accepted);
    if (signature !== undefined) signatures.set(skill.name, signature);
    outcomes.push({
      id: skill.name,
      status: verdict === undefined ? "installed" : "replaced",
      tree,
    });
  }
  const wanted = new Set(set.skills.map(({ skill }) => skill.name));
  const extra = verified.skills.map(({ id }) => id).filter((id) => !wanted.has(id));
  const remove = options.prune === true ? extra : [];
  for (const id of extra)
    outcomes.push({ id, status: options.prune === true ? "removed" : "kept" });
  outcomes.sort(byId);
  const text = formatLock(locked ?? set.lock);
  const before = await readFile(options.lock, "utf8").catch(() => undefined);
  const lockChanged = options.frozen !== true && before !== text;
  const inStep = install.length === 0 && remove.length === 0 && !lockChanged;
  const revision = (locked ?? set.lock).revision;
  const { findings } = set;
  if (options.check === true) {
    return { ok: true, skills: outcomes, revision, lockChanged, inStep, findings };
  }
  if (install.length > 0 || remove.length > 0) {
    const applied = await applySet(
      roots,
      { install, remove },
      { sources, acceptedBy, signatures, tool: options.tool },
    );
    if (!applied.ok) return applied;
  }
  if (lockChanged) {
    try {
      const temp = `${options.lock}.${process.pid}.tmp`;
      await writeFile(temp, text);
      await rename(temp, options.lock);
    } catch (error) {
      const detail = `the skills were synced but the lock was not written: ${error instanceof Error ? error.message : String(error)}`;
      return { ok: false, refusal: { code: "store-failed", path: options.lock, detail } };
    }
  }
  return { ok: true, skills: outcomes, revision, lockChanged, inStep, findings };
}

export type LockStatus =
  | { ok: true; inStep: boolean; revision: string; differences: string[] }
  | { ok: false; refusal: Refusal };

/** Whether the managed store holds exactly the lock's skills, each difference named. */
export async function lockStatus(roots: Roots, lockPath: string): Promise<LockStatus> {
  const read = await readLock(lockPath);
  if (!read.ok) return read;
  const verified = await verify(roots, [], { findings: false });
  if (!verified.ok) return verified;
  const differences = storeDifferences(verified.skills, read.lock);
  return { ok: true, inStep: differences.length === 0, revision: read.lock.revision, differences };
}

function mismatch(path: string, differences: string[]): SyncResult {
  const detail = differences.join("; ");
  return { ok: false, refusal: { code: "lock-mismatch", path, detail }, differences };
}
