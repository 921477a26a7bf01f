// What `sync --frozen` and `verify --lock` hold against a lock, each
// difference named in a sentence: a manifest that no longer says what the
// lock was made from, a ref that now resolves elsewhere, an archive or a
// tree whose digest moved, a skill gained or lost; and for a store, a
// locked skill absent, different or edited, or a skill the lock lacks.
import type { Verdict } from "@skillshelf/skill-catalog";
import { entryOf, type Lock, lockedSourceOf } from "./lock.js";
import type { Manifest } from "./manifest.js";
import { lockedEntryOf, type ResolvedSet } from "./resolve-set.js";

const short = (digest: string | undefined): string => (digest ?? "nothing").slice(0, 12);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Where the manifest and the lock disagree about the entries themselves. */
export function manifestDifferences(manifest: Manifest, lock: Lock): string[] {
  const wanted = manifest.skills.map(lockedEntryOf);
  const locked = lock.sources.map(entryOf);
  const differences: string[] = [];
  for (const entry of wanted) {
    if (!locked.some((other) => same(other, entry))) {
      differences.push(`the manifest's entry ${JSON.stringify(entry)} is not in the lock`);
    }
  }
  for (const entry of locked) {
    if (!wanted.some((other) => same(other, entry))) {
      differences.push(`the lock's entry ${JSON.stringify(entry)} is not in the manifest`);
    }
  }
  return differences;
}

/** Where what the sources give now differs from what the lock says they gave. */
export function resolvedDifferences(set: ResolvedSet, lock: Lock): string[] {
  const differences: string[] = [];
  for (const now of set.lock.sources) {
    const then = lockedSourceOf(lock, now);
    if (then === undefined) continue;
    const at =
      now.ref === undefined
        ? `the default branch of ${now.source}`
        : `ref ${now.ref} of ${now.source}`;
    if (now.commit !== then.commit) {
      differences.push(
        `${at} now resolves to ${short(now.commit)}, the lock has ${short(then.commit)}`,
      );
    }
    if (now.sha256 !== then.sha256) {
      differences.push(
        `the archive ${now.source} now has SHA-256 ${short(now.sha256)}, the lock has ${short(then.sha256)}`,
      );
    }
  }
  const locked = new Map(lock.skills.map((skill) => [skill.id, skill]));
  const fetched = new Map(set.lock.skills.map((skill) => [skill.id, skill]));
  for (const [id, skill] of fetched) {
    const then = locked.get(id);
    if (then === undefined)
      differences.push(`skill '${id}' from ${skill.source} is not in the lock`);
    else if (then.tree !== skill.tree) {
      differences.push(
        `skill '${id}' was fetched with tree ${short(skill.tree)}, the lock has ${short(then.tree)}`,
      );
    }
  }
  for (const [id, skill] of locked) {
    if (!fetched.has(id))
      differences.push(`skill '${id}' of the lock is no longer in ${skill.source}`);
  }
  return differences;
}

/** Where a store's managed skills differ from the lock's. */
export function storeDifferences(verdicts: readonly Verdict[], lock: Lock): string[] {
  const differences: string[] = [];
  const stored = new Map(verdicts.map((verdict) => [verdict.id, verdict]));
  for (const skill of lock.skills) {
    const verdict = stored.get(skill.id);
    if (verdict === undefined) {
      differences.push(`skill '${skill.id}' is not stored`);
      continue;
    }
    const tree =
      verdict.status === "no-record" || verdict.status === "bad-record"
        ? verdict.tree?.digest
        : verdict.record.tree.digest;
    if (verdict.status === "bad-record") {
      differences.push(`skill '${skill.id}' has a record that cannot be used`);
    } else if (verdict.status === "changed") {
      differences.push(`skill '${skill.id}' was edited after it was installed`);
    } else if (tree !== skill.tree) {
      differences.push(
        `skill '${skill.id}' holds tree ${short(tree)}, the lock has ${short(skill.tree)}`,
      );
    }
  }
  const locked = new Set(lock.skills.map((skill) => skill.id));
  for (const verdict of verdicts) {
    if (!locked.has(verdict.id))
      differences.push(`skill '${verdict.id}' is stored but not in the lock`);
  }
  return differences;
}
