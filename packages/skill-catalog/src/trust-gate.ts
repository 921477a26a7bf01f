// Only what an operator vouched for reaches a worker. A managed skill is
// offered when its tree, read now, is the tree its record holds (written by
// an install, or by `approve`), and when the body the catalog read is that
// tree's SKILL.md: a file edited, added, removed or chmodded since is
// `drifted`, naming the files (verify.ts's compareTrees, the one owner of
// drift); a managed skill with no record was made by hand and is
// `unapproved`. Builtin skills are the workspace's and pass untouched. The
// whole tree is hashed on every call: docs/decisions.md says why no cache
// stands in for that, and docs/benchmarks.md what it costs.
import { message } from "@skillshelf/contract";
import { revisionOf } from "./digest.js";
import type { Roots } from "./roots.js";
import type { CatalogWithBodies, LoadedSkill, RefusedSkill } from "./types.js";
import { type Verdict, verifyOne } from "./verify.js";

export type TrustOptions = {
  /** The operator's explicit escape: offer drifted and unapproved skills anyway (reported in `allowed`). */
  allowDrift?: boolean;
};

/** The catalog with unvouched managed skills moved to `refused`, and those let through by allowDrift. */
export type GatedCatalog = CatalogWithBodies & { allowed: RefusedSkill[] };

/** Why the verdict withholds `skill`, or undefined when the skill is vouched for as read. */
export function distrustOf(skill: LoadedSkill, verdict: Verdict): RefusedSkill | undefined {
  const base = { id: skill.id, skill: skill.id, origin: "managed" as const };
  if (verdict.status === "no-record") {
    const refusal = { ...base, code: "unapproved" as const };
    return { ...refusal, reason: message(refusal) };
  }
  const changes =
    verdict.status === "changed"
      ? verdict.files
      : verdict.record.tree.files.some((f) => f.path === "SKILL.md" && f.sha256 === skill.digest)
        ? []
        : [{ path: "SKILL.md", change: "modified" as const }];
  if (verdict.status === "unchanged" && changes.length === 0) return undefined;
  const refusal = {
    ...base,
    code: "drifted" as const,
    changes,
    ...(verdict.status === "changed" && verdict.problem !== undefined
      ? { detail: verdict.problem }
      : {}),
  };
  return { ...refusal, reason: message(refusal) };
}

/** Holds every managed skill of `view` against its record; builtin skills pass. */
export async function gateCatalog(
  roots: Roots,
  view: CatalogWithBodies,
  options: TrustOptions = {},
): Promise<GatedCatalog> {
  const { managed } = roots;
  const skills: LoadedSkill[] = [];
  const refused: RefusedSkill[] = [...view.refused];
  const allowed: RefusedSkill[] = [];
  for (const skill of view.skills) {
    const distrust =
      skill.origin === "managed" && managed !== undefined
        ? distrustOf(skill, await verifyOne(managed, skill.id))
        : undefined;
    if (distrust === undefined) skills.push(skill);
    else if (options.allowDrift === true) {
      skills.push(skill);
      allowed.push(distrust);
    } else refused.push(distrust);
  }
  refused.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { skills, refused, revision: revisionOf(skills), allowed };
}
