// Update: re-imports managed skills from the sources their records name,
// when that source is a path that still exists, with the same selection
// (the recorded `path`, and the skill itself among the recorded `skills`).
// A skill whose source would give the same tree is "up to date"; a skill
// whose files drifted from its record is left alone and named unless forced;
// every skill that does change is installed in one replace, all or nothing,
// with a fresh record.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { type ReadOptions, readBundle, type Skill } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { install } from "./install.js";
import { type RecordedSource, treeOf } from "./record.js";
import { type RootsLike, resolveRoots } from "./roots.js";
import { verify } from "./verify.js";

/** What update did, or would not do, for one skill. */
export type UpdateOutcome =
  | { id: string; status: "updated"; treeDigest: string; previous: string }
  | { id: string; status: "up-to-date"; treeDigest: string }
  | { id: string; status: "drifted"; files: string[] }
  | { id: string; status: "no-record" }
  | { id: string; status: "no-source"; detail: string }
  | { id: string; status: "refused"; refusal: Refusal };

export type UpdateResult = { ok: true; skills: UpdateOutcome[] } | { ok: false; refusal: Refusal };

export type UpdateOptions = { force?: boolean; tool?: string };

/** Re-imports every managed skill (or those named) from its recorded source path. */
export async function update(
  roots: RootsLike,
  ids: readonly string[] = [],
  options: UpdateOptions = {},
): Promise<UpdateResult> {
  const { managed } = resolveRoots(roots);
  if (managed === undefined) return { ok: false, refusal: { code: "no-managed-root" } };
  const verified = await verify({ builtin: roots.builtin, managed }, ids);
  if (!verified.ok) return verified;
  const outcomes: UpdateOutcome[] = [];
  const changed: { skill: Skill; source: RecordedSource; previous: string }[] = [];
  for (const verdict of verified.skills) {
    const { id } = verdict;
    if (verdict.status === "no-record") {
      outcomes.push({ id, status: "no-record" });
      continue;
    }
    if (verdict.status === "changed" && options.force !== true) {
      outcomes.push({ id, status: "drifted", files: verdict.files.map((file) => file.path) });
      continue;
    }
    const { source } = verdict.record;
    const reread = await rereadSource(id, source);
    if ("status" in reread) {
      outcomes.push(reread);
      continue;
    }
    const digest = treeOf(reread.skill.files).digest;
    if (digest === verdict.record.tree.digest && verdict.status === "unchanged") {
      outcomes.push({ id, status: "up-to-date", treeDigest: digest });
      continue;
    }
    changed.push({
      skill: reread.skill,
      source: reread.source,
      previous: verdict.record.tree.digest,
    });
  }
  if (changed.length > 0) {
    const sources = new Map(changed.map(({ skill, source }) => [skill.name, source]));
    const installed = await install(
      { builtin: roots.builtin, managed },
      changed.map(({ skill }) => skill),
      { replace: true, sources, ...(options.tool === undefined ? {} : { tool: options.tool }) },
    );
    if (!installed.ok) return installed;
    for (const { skill, previous } of changed) {
      outcomes.push({
        id: skill.name,
        status: "updated",
        treeDigest: treeOf(skill.files).digest,
        previous,
      });
    }
  }
  outcomes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { ok: true, skills: outcomes };
}

/** The skill `id` read again from `source`, or why it cannot be. */
async function rereadSource(
  id: string,
  source: RecordedSource | undefined,
): Promise<{ skill: Skill; source: RecordedSource } | UpdateOutcome> {
  if (source === undefined || source.kind !== "path" || source.name === undefined) {
    const detail = `its source was ${source === undefined ? "not recorded" : `${source.kind === "path" ? "a path without a name" : `not a path (${source.kind})`}`}`;
    return { id, status: "no-source", detail };
  }
  const path = source.name;
  const exists = await stat(path).then(
    () => true,
    () => false,
  );
  if (!exists) return { id, status: "no-source", detail: `its source ${path} no longer exists` };
  // The recorded selection, narrowed to this skill: the reader's `path` and `skills` options.
  const selection = { ...(source.path === undefined ? {} : { path: source.path }), skills: [id] };
  const read = await readBundle({ kind: "path", path }, selection as ReadOptions);
  if (!read.ok) return { id, status: "refused", refusal: read.refusal };
  const skill = read.skills.find((found) => found.name === id);
  if (skill === undefined) {
    const refusal = {
      code: "unknown-skill",
      skill: id,
      detail: `its source ${path} no longer holds it`,
    } as const;
    return { id, status: "refused", refusal };
  }
  const again: RecordedSource = { ...source };
  if (source.sha256 !== undefined) {
    again.sha256 = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  }
  return { skill, source: again };
}
