// A frozen sync that has nothing to do, found out without fetching: every
// entry is a git source whose ref still names the locked commit (one
// `ls-remote` each, resolveGitRef), and the store holds every locked skill
// unchanged since it was recorded, with the lock's tree digest. A commit's
// tree cannot change, so fetching it again could only give the trees the
// lock already names and the store already holds. Any other case (an
// archive or folder source, a ref that cannot be told plainly or moved, a
// skill missing, edited or different, a record accepting other finding
// codes than its entry now does, a record with no signer where only signed
// skills are accepted, a removal to make) is left to the
// full sync, which reads every source and names each difference; except a
// source that did not answer in time (or git missing), refused at once
// rather than waited for a second time.
import { resolveGitRef } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { type Roots, verify } from "@skillshelf/skill-catalog";
import { type Lock, lockedSourceOf } from "./lock.js";
import { acceptedOf, type Manifest, sameAccepted } from "./manifest.js";
import { lockedEntryOf, sourceOf } from "./resolve-set.js";
import type { SyncOutcome } from "./sync.js";

/**
 * A frozen sync with nothing to do (`held`, its outcomes); a source that
 * cannot be asked (`refusal`: it did not answer in time, or git is missing),
 * which the full read would meet again after as long a wait; or undefined,
 * when the full sync must decide.
 */
export type FrozenHeld = { held: SyncOutcome[] } | { refusal: Refusal } | undefined;

/** Whether a frozen sync of `lock` has nothing to do, found out without fetching. */
export async function frozenHeld(
  roots: Roots,
  manifest: Manifest,
  base: string,
  lock: Lock,
  options: {
    prune?: boolean | undefined;
    signal?: AbortSignal | undefined;
    requireSigned?: boolean | undefined;
  },
): Promise<FrozenHeld> {
  const asked = await Promise.all(
    manifest.skills.map(async (entry) => {
      const from = sourceOf(entry, base);
      if (!from.ok || from.source.kind !== "git") return false;
      const locked = lockedSourceOf(lock, lockedEntryOf(entry));
      if (locked?.commit === undefined) return false;
      const now = await resolveGitRef(from.source.url, from.source.ref, { signal: options.signal });
      return now.ok ? now.commit === locked.commit : now.refusal;
    }),
  );
  const refusal = asked.find((answer) => typeof answer === "object");
  if (refusal !== undefined) return { refusal };
  if (!asked.every((answer) => answer === true)) return undefined;
  const verified = await verify(roots, [], { findings: false });
  if (!verified.ok) return undefined;
  const stored = new Map(verified.skills.map((verdict) => [verdict.id, verdict]));
  const accepts = new Map<string, ReturnType<typeof acceptedOf>>();
  for (const entry of manifest.skills) {
    const locked = lockedSourceOf(lock, lockedEntryOf(entry));
    for (const id of locked?.ids ?? []) accepts.set(id, acceptedOf(entry));
  }
  const outcomes: SyncOutcome[] = [];
  for (const skill of lock.skills) {
    const verdict = stored.get(skill.id);
    if (verdict?.status !== "unchanged" || verdict.record.tree.digest !== skill.tree)
      return undefined;
    if (!sameAccepted(verdict.record.accepted, accepts.get(skill.id) ?? [])) return undefined;
    if (options.requireSigned === true && verdict.record.signature === undefined) return undefined;
    outcomes.push({ id: skill.id, status: "unchanged", tree: skill.tree });
  }
  const locked = new Set(lock.skills.map((skill) => skill.id));
  const extra = verified.skills.filter(({ id }) => !locked.has(id));
  if (extra.length > 0 && options.prune === true) return undefined;
  for (const { id } of extra) outcomes.push({ id, status: "kept" });
  return { held: outcomes };
}
