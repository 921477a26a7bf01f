// From a source's entries to skills, by one rule for every source (contract
// 1, rules 1 to 5): choose the root and see what lies there (select.ts),
// keep only the skills asked for, judge what is selected and nothing else
// (judge-entries.ts), report the layout's first problem, and cut each skill's
// files out. The order of verdicts is fixed: the entries' own rules, then
// their content, then the layout, each in path order, so every form of a
// bundle gets the same refusal. A layout refusal says where SKILL.md files
// lie deeper, when they do, so the user knows which `path` to ask for.

import { comparePaths } from "@skillshelf/contract";
import type { Entries, FileEntry } from "./entries.js";
import { judgeEntries } from "./judge-entries.js";
import {
  chooseRoot,
  findDeeper,
  layOut,
  liesBelow,
  type Placed,
  pathSegments,
  placeEntries,
  prefixOf,
  type Root,
} from "./select.js";
import { skillFileOf } from "./skill-file.js";
import type { Refusal, Skill, SkillsResult } from "./types.js";

/** What to select: a directory of the source, and some of the skills found there. */
export type Choices = { path?: string | undefined; skills?: readonly string[] | undefined };

/** How many places a layout refusal points to. */
const MAX_FOUND = 5;

/** The skills step: the selected entries as skills, or the refusal the selection earns. */
export function resolveSkills(entries: Entries, choices: Choices = {}): SkillsResult {
  const placed = placeEntries(entries.entries, entries.zip === true);
  const asked = choices.path === undefined ? undefined : pathSegments(choices.path);
  if (choices.path !== undefined && asked === undefined) {
    return refuse({
      code: "not-in-source",
      path: choices.path,
      detail: "it is not a plain relative path",
    });
  }
  const root = chooseRoot(placed, asked);
  if (root === undefined) return refuse(missingPath(placed, choices.path!));
  const layout = layOut(placed, root, entries.name);
  if (layout.rootSkill && layout.skills.length === 0) {
    return refuse({ code: "unnamed-skill", path: [...root.segments, "SKILL.md"].join("/") });
  }
  let chosen = layout.skills;
  if (choices.skills !== undefined) {
    const held = layout.skills.map((skill) => skill.name);
    const missing = choices.skills.find((name) => !held.includes(name));
    if (missing !== undefined) return refuse({ code: "not-in-source", skill: missing, held });
    chosen = layout.skills.filter((skill) => choices.skills!.includes(skill.name));
  }
  const inSelection = selectionOf(
    root,
    layout.setAside,
    choices.skills === undefined ? undefined : chosen,
  );
  const selected = placed.filter((p) => inSelection(p.entry.path));
  const judged = judgeEntries(selected);
  if (!judged.ok) return judged;
  if (choices.skills === undefined && layout.problem !== undefined) {
    const { code, raw, name } = layout.problem;
    const refusal: Refusal = { code };
    if (raw !== undefined) refusal.path = raw;
    if (name !== undefined) refusal.skill = name;
    const found = foundOf(placed, root);
    if (found.length === 0) return refuse(refusal);
    // "No skills at the top of 'repo-main'": the level looked at, when skills lie deeper.
    if (code === "no-skills" && root.segments.length > 0) refusal.path = root.segments.join("/");
    return refuse({ ...refusal, found });
  }
  const byDirectory = filesByDirectory(judged.files, root, layout.rootSkill);
  const skills = chosen.map((skill) =>
    skillOf(skill.segments, skill.name, byDirectory.get(skill.segments.join("/")) ?? []),
  );
  skills.sort((a, b) => comparePaths(a.name, b.name));
  return { ok: true, skills };
}

/** The judged files grouped by the skill directory they lie in (the root's children, or the root). */
function filesByDirectory(
  files: readonly FileEntry[],
  root: Root,
  rootSkill: boolean,
): Map<string, FileEntry[]> {
  const groups = new Map<string, FileEntry[]>();
  const depth = root.segments.length + (rootSkill ? 0 : 1);
  for (const file of files) {
    const key = leadingSegments(file.path, depth);
    let group = groups.get(key);
    if (group === undefined) {
      group = [];
      groups.set(key, group);
    }
    group.push(file);
  }
  return groups;
}

/**
 * Whether a path lies in what was selected: under the root, outside the
 * set-aside directories, and (when skills were chosen) in a chosen skill.
 * Each directory's prefix is joined once, not once per entry.
 */
function selectionOf(
  root: Root,
  setAside: readonly string[][],
  chosen: readonly { segments: string[] }[] | undefined,
): (path: string) => boolean {
  const under = prefixOf(root.segments);
  const places = (directories: readonly (readonly string[])[]) =>
    directories.map((segments) => ({ prefix: prefixOf(segments), path: segments.join("/") }));
  const asides = places(setAside);
  const skills = chosen === undefined ? undefined : places(chosen.map((skill) => skill.segments));
  const within = (path: string, place: { prefix: string; path: string }): boolean =>
    liesBelow(path, place.prefix) || path === place.path;
  return (path) =>
    liesBelow(path, under) &&
    !asides.some((place) => within(path, place)) &&
    (skills === undefined || skills.some((place) => within(path, place)));
}

/** Where the skills are, as `path` values, when the root holds none. */
function foundOf(placed: readonly Placed[], root: Root): { path: string; count: number }[] {
  return findDeeper(placed, root)
    .slice(0, MAX_FOUND)
    .map((group) => ({ path: group.path, count: group.directories.length }));
}

/** `path` names nothing: say so, and where skills are found instead. */
function missingPath(placed: readonly Placed[], path: string): Refusal {
  const top = chooseRoot(placed, undefined)!;
  const found = foundOf(placed, top);
  return found.length === 0
    ? { code: "not-in-source", path }
    : { code: "not-in-source", path, found };
}

/** The skill whose directory is `segments`, from the judged files below it. */
function skillOf(segments: readonly string[], name: string, files: readonly FileEntry[]): Skill {
  const prefix = segments.length === 0 ? "" : `${segments.join("/")}/`;
  const own = files.map((file) =>
    skillFileOf(file.path.slice(prefix.length), file.bytes, file.executable),
  );
  own.sort((a, b) => comparePaths(a.path, b.path));
  return { name, files: own };
}

/** The first `count` segments of `path`, joined (all of it when it has no more). */
function leadingSegments(path: string, count: number): string {
  if (count === 0) return "";
  let at = -1;
  for (let i = 0; i < count; i++) {
    at = path.indexOf("/", at + 1);
    if (at === -1) return path;
  }
  return path.slice(0, at);
}

function refuse(refusal: Refusal): SkillsResult {
  return { ok: false, refusal };
}
