// From a source's entries to skills, by one rule for every source (contract
// 1, rules 1 to 5): choose the root and see what lies there (select.ts),
// keep only the skills asked for (or all but those skipped), and only then
// judge what is selected and nothing else (judge-entries.ts), and cut each
// skill's files out. The layout is decided from the paths first: a whole
// repository read at the wrong level is told where its skills lie (`--path
// skills`) before anything inside it is judged, so an incidental font or
// link beside the skills never hides the hint. Within the selection the
// order of verdicts is fixed (the entries' own rules, then their content,
// each in path order), so every form of a bundle gets the same refusal; a
// refusal inside a collection names the skills it concerns, so the others
// can be imported with `skip`.

import { comparePaths } from "@skillshelf/contract";
import type { Entries, FileEntry } from "./entries.js";
import { firstUnsafePath, judgeEntries } from "./judge-entries.js";
import {
  chooseRoot,
  findDeeper,
  type Layout,
  layOut,
  liesBelow,
  type Placed,
  pathSegments,
  placeEntries,
  prefixOf,
  type Root,
} from "./select.js";
import { skillFileOf } from "./skill-file.js";
import { markNaming } from "./skill-naming.js";
import type { Refusal, Skill, SkillsResult } from "./types.js";

/** What to select: a directory of the source, and some of the skills found there. */
export type Choices = {
  path?: string | undefined;
  skills?: readonly string[] | undefined;
  /** Leave these skills out: neither judged nor returned. */
  skip?: readonly string[] | undefined;
  /**
   * How many skills a refusal's skip hint counts as the collection: the
   * skills chosen, unless a listing, judging one skill of a level alone,
   * says how many the level holds.
   */
  among?: number | undefined;
};

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
  const held = layout.skills.map((skill) => skill.name);
  const unknown = [...(choices.skills ?? []), ...(choices.skip ?? [])].find(
    (name) => !held.includes(name),
  );
  if (unknown !== undefined) return refuse(notHeld(placed, root, unknown, held));
  const picked = choices.skills !== undefined;
  if (!picked && layout.problem !== undefined) {
    const inRoot = selectionOf(root, layout.setAside, undefined);
    const unsafe = firstUnsafePath(placed.filter((p) => inRoot(p.entry.path)));
    return refuse(unsafe ?? layoutRefusal(layout, placed, root));
  }
  const skip = choices.skip ?? [];
  const chosen = layout.skills.filter(
    (skill) => (!picked || choices.skills!.includes(skill.name)) && !skip.includes(skill.name),
  );
  const inSelection = selectionOf(
    root,
    layout.setAside,
    picked || skip.length > 0 ? chosen : undefined,
  );
  const selected = placed.filter((p) => inSelection(p.entry.path));
  const judged = layout.rootSkill
    ? judgeEntries(selected)
    : judgeEntries(selected, skillNamer(root), choices.among ?? chosen.length);
  if (!judged.ok) return judged;
  const byDirectory = filesByDirectory(judged.files, root, layout.rootSkill);
  // A skill at the root of an archive, its directory not chosen, is named after the archive (layOut).
  const naming = layout.rootSkill && !root.asked ? "archive" : "folder";
  const skills = chosen.map((skill) =>
    markNaming(
      skillOf(skill.segments, skill.name, byDirectory.get(skill.segments.join("/")) ?? []),
      naming,
    ),
  );
  skills.sort((a, b) => comparePaths(a.name, b.name));
  return { ok: true, skills };
}

/** The layout's first problem as a refusal, saying where skills lie deeper when they do. */
function layoutRefusal(layout: Layout, placed: readonly Placed[], root: Root): Refusal {
  const { code, raw, name } = layout.problem!;
  const refusal: Refusal = { code };
  if (raw !== undefined) refusal.path = raw;
  if (name !== undefined) refusal.skill = name;
  const found = foundOf(placed, root);
  if (found.length === 0) return refusal;
  // "No skills at the top of 'repo-main'": the level looked at, when it holds
  // no skill and skills lie deeper; its stray files are beside the point.
  if (layout.skills.length === 0) {
    return root.segments.length > 0
      ? { code: "no-skills", path: root.segments.join("/"), found }
      : { code: "no-skills", found };
  }
  return { ...refusal, found };
}

/** A skill the selection does not hold; where it lies deeper, when it does. */
function notHeld(placed: readonly Placed[], root: Root, name: string, held: string[]): Refusal {
  const found = findDeeper(placed, root)
    .filter((group) => group.directories.some((segments) => segments.at(-1) === name))
    .slice(0, MAX_FOUND)
    .map((group) => ({ path: group.path, count: group.directories.length }));
  return found.length === 0
    ? { code: "not-in-source", skill: name, held }
    : { code: "not-in-source", skill: name, held, found };
}

/** The skill (a child of the root) a path lies in. */
function skillNamer(root: Root): (path: string) => string | undefined {
  const prefix = prefixOf(root.segments);
  return (path) => {
    if (!liesBelow(path, prefix)) return undefined;
    const slash = path.indexOf("/", prefix.length);
    return slash === -1 ? undefined : path.slice(prefix.length, slash);
  };
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
