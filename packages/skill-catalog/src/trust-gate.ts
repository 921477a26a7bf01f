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
import type { Tree } from "./record.js";
import type { Roots } from "./roots.js";
import type { ManagedStore } from "./store.js";
import type { CatalogWithBodies, LoadedSkill, RefusedSkill } from "./types.js";
import { type FileDrift, type Verdict, verifyOne } from "./verify.js";

export type GateOptions = {
  /** The operator's explicit escape: offer drifted and unapproved skills anyway (reported in `allowed`). */
  allowDrift?: boolean;
};

/** The catalog with unvouched managed skills moved to `refused`, and those let through by allowDrift. */
export type GatedCatalog = CatalogWithBodies & { allowed: RefusedSkill[] };

/** Why the verdict withholds `skill`, or undefined when the skill is vouched for as read. */
export function distrustOf(skill: LoadedSkill, verdict: Verdict): RefusedSkill | undefined {
  if (verdict.status === "no-record") {
    const refusal = { id: skill.id, skill: skill.id, origin: "managed" as const };
    return { ...refusal, code: "unapproved", reason: message({ ...refusal, code: "unapproved" }) };
  }
  if (verdict.status === "bad-record") {
    const refusal = {
      ...verdict.refusal,
      id: skill.id,
      skill: skill.id,
      origin: "managed" as const,
    };
    return { ...refusal, code: "bad-record", reason: message(refusal) };
  }
  if (verdict.status === "changed") return drifted(skill, verdict.files, verdict.problem);
  // The tree is as vouched for; the body the catalog read must be its SKILL.md.
  const body = verdict.record.tree.files.find((file) => file.path === "SKILL.md");
  return body?.sha256 === skill.digest
    ? undefined
    : drifted(skill, [{ path: "SKILL.md", change: "modified" }]);
}

function drifted(
  skill: LoadedSkill,
  changes: readonly FileDrift[],
  problem?: string,
): RefusedSkill {
  const refusal = {
    id: skill.id,
    skill: skill.id,
    origin: "managed" as const,
    code: "drifted" as const,
    changes: [...changes],
    ...(problem === undefined ? {} : { detail: problem }),
  };
  return { ...refusal, reason: message(refusal) };
}

/** The managed `skill`'s vouched-for tree (its record's, matching the files now), or why it is withheld. */
export async function vouchedTree(
  store: ManagedStore,
  skill: LoadedSkill,
): Promise<{ ok: true; tree: Tree } | { ok: false; refused: RefusedSkill }> {
  const verdict = await verifyOne(store, skill.id);
  const refused = distrustOf(skill, verdict);
  if (refused === undefined && verdict.status === "unchanged") {
    return { ok: true, tree: verdict.record.tree };
  }
  return { ok: false, refused: refused ?? drifted(skill, []) };
}

/** Holds every managed skill of `view` against its record; builtin skills pass. */
export async function gateCatalog(
  roots: Roots,
  view: CatalogWithBodies,
  options: GateOptions = {},
): Promise<GatedCatalog> {
  const { managed } = roots;
  const skills: LoadedSkill[] = [];
  const refused: RefusedSkill[] = [...view.refused];
  const allowed: RefusedSkill[] = [];
  const verdicts = await inTurns(view.skills, (skill) =>
    skill.origin === "managed" && managed !== undefined
      ? vouchedTree(managed, skill)
      : Promise.resolve(undefined),
  );
  view.skills.forEach((skill, i) => {
    const vouched = verdicts[i];
    const distrust = vouched?.ok === false ? vouched.refused : undefined;
    if (distrust === undefined) skills.push(skill);
    else if (options.allowDrift === true) {
      skills.push(skill);
      allowed.push(distrust);
    } else refused.push(distrust);
  });
  refused.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { skills, refused, revision: revisionOf(skills), allowed };
}

/** How many skills are read and hashed at once: enough to keep the disk or the database busy. */
const TURNS = 16;

async function inTurns<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TURNS, items.length) }, worker));
  return results;
}
