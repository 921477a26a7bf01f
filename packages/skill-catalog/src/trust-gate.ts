// Only what an operator vouched for reaches a worker. A managed skill is
// offered when its tree, read now, is the tree its record holds (written by
// an install, or by `approve`), and when the body the catalog read is that
// tree's SKILL.md: a file edited, added, removed or chmodded since is
// `drifted`, naming the files (verify.ts's compareTrees, the one owner of
// drift); a managed skill with no record was made by hand and is
// `unapproved`. Builtin skills are the workspace's and pass this rule. The
// whole tree is hashed on every call: docs/decisions.md says why no cache
// stands in for that, and docs/benchmarks.md what it costs (the MCP source
// keeps its admissions between reads and still hashes every byte it serves). admit-skill.ts
// applies this rule, and the shelf's signature policy after it, for the
// payload (gate-catalog.ts) and the MCP server alike.
import type { Finding } from "@skillshelf/bundle-reader";
import { message } from "@skillshelf/contract";
import type { Tree } from "./record.js";
import type { ManagedStore } from "./store.js";
import type { LoadedSkill, RefusedSkill } from "./types.js";
import { type FileDrift, type Verdict, type VerifyOptions, verifyOne } from "./verify.js";

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

/**
 * The managed `skill`'s vouched-for tree (its record's, matching the files
 * now) and, unless `options.findings` is false, its findings; or why it is
 * withheld.
 */
export async function vouchedTree(
  store: ManagedStore,
  skill: LoadedSkill,
  options: VerifyOptions = {},
): Promise<{ ok: true; tree: Tree; findings?: Finding[] } | { ok: false; refused: RefusedSkill }> {
  const verdict = await verifyOne(store, skill.id, undefined, options);
  const refused = distrustOf(skill, verdict);
  if (refused === undefined && verdict.status === "unchanged") {
    const { findings } = verdict;
    return { ok: true, tree: verdict.record.tree, ...(findings === undefined ? {} : { findings }) };
  }
  return { ok: false, refused: refused ?? drifted(skill, []) };
}
