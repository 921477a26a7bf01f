// Update: re-imports managed skills from the sources their records name,
// when that source is a path that still exists, with the same selection
// (the recorded `path`, narrowed to the skill itself). It reads through the
// import flow, so a source is judged and recorded exactly as at its first
// import. A skill whose source would give the same tree is "up to date"; a
// skill whose files drifted from its record is left alone and named unless
// forced; every skill that does change is installed in one replace, all or
// nothing, with a fresh record.
import { stat } from "node:fs/promises";
import type { Skill } from "@skillshelf/bundle-reader";
import {
  install,
  type RecordedSource,
  type Roots,
  treeOf,
  verify,
} from "@skillshelf/skill-catalog";
import { readAndRecord } from "./import-flow.js";
import type { ShelfRefusal } from "./refusal.js";

/** What update did, or would not do, for one skill. */
export type UpdateOutcome =
  | { id: string; status: "updated"; treeDigest: string; previous: string }
  | { id: string; status: "up-to-date"; treeDigest: string }
  | { id: string; status: "drifted"; files: string[] }
  | { id: string; status: "no-record" }
  | { id: string; status: "no-source"; detail: string }
  | { id: string; status: "refused"; refusal: ShelfRefusal };

export type UpdateResult =
  | { ok: true; skills: UpdateOutcome[] }
  | { ok: false; refusal: ShelfRefusal };

export type UpdateOptions = { force?: boolean; tool: string };

/** Re-imports every managed skill (or those named) from its recorded source path. */
export async function updateSkills(
  roots: Roots,
  ids: readonly string[],
  options: UpdateOptions,
): Promise<UpdateResult> {
  const verified = await verify(roots, ids);
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
    const reread = await rereadSource(id, verdict.record.source);
    if ("status" in reread) {
      outcomes.push(reread);
      continue;
    }
    const digest = treeOf(reread.skill.files).digest;
    if (digest === verdict.record.tree.digest && verdict.status === "unchanged") {
      outcomes.push({ id, status: "up-to-date", treeDigest: digest });
      continue;
    }
    changed.push({ ...reread, previous: verdict.record.tree.digest });
  }
  if (changed.length > 0) {
    const sources = new Map(changed.map(({ skill, source }) => [skill.name, source]));
    const skills = changed.map(({ skill }) => skill);
    const installed = await install(roots, skills, { replace: true, sources, tool: options.tool });
    if (!installed.ok) return installed;
    for (const { skill, previous } of changed) {
      const treeDigest = treeOf(skill.files).digest;
      outcomes.push({ id: skill.name, status: "updated", treeDigest, previous });
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
  // Read with the recorded path, narrowed to this skill; recorded with the selection as first made.
  const read = await readAndRecord(
    { kind: "path", path },
    { path: source.path, skills: [id] },
    { path: source.path, skills: source.skills },
  );
  if (!read.ok) return { id, status: "refused", refusal: read.refusal };
  const skill = read.skills.find((found) => found.name === id);
  if (skill === undefined || read.recorded === undefined) {
    const detail = `its source ${path} no longer holds it`;
    return { id, status: "refused", refusal: { code: "unknown-skill", skill: id, detail } };
  }
  return { skill, source: read.recorded };
}
