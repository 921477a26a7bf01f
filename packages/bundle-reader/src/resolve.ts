// From accepted entries to skills, by one rule for every source: a SKILL.md at
// the root makes the root one skill (named after the archive); otherwise each
// immediate directory is a skill and must hold a SKILL.md; and when everything
// sits in one directory that is not itself a skill, that one wrapper level is
// removed first. Problems are reported in source order, so the refusal is the
// same however the entries were listed.
import type { DirectoryEntry, Entries, FileEntry } from "./entries.js";
import { skillFileOf } from "./skill-file.js";
import type { Skill, SkillsResult } from "./types.js";

const SKILL_FILE = "SKILL.md";

/** One name directly below a level: a file, or a directory with every file below it. */
type Child = {
  name: string;
  order: number;
  file: FileEntry | undefined;
  below: FileEntry[];
  hasSkillFile: boolean;
};

/** The skills step: the source's entries as skills, or the refusal their structure earns. */
export function resolveSkills(entries: Entries): SkillsResult {
  const { files, directories, name: archiveName } = entries;
  const root = childrenOf("", files, directories);
  if (root.get(SKILL_FILE)?.file !== undefined) {
    if (archiveName === undefined || archiveName === "") {
      return { ok: false, refusal: { code: "unnamed-skill", path: SKILL_FILE } };
    }
    return { ok: true, skills: [skillOf("", archiveName, files)] };
  }
  const only = root.size === 1 ? [...root.values()][0]! : undefined;
  if (only !== undefined && only.file === undefined && !only.hasSkillFile) {
    const prefix = `${only.name}/`;
    return collect(prefix, childrenOf(prefix, files, directories));
  }
  return collect("", root);
}

function collect(prefix: string, level: Map<string, Child>): SkillsResult {
  const children = [...level.values()].sort((a, b) => a.order - b.order);
  if (!children.some((child) => child.file === undefined)) {
    return { ok: false, refusal: { code: "no-skills" } };
  }
  const skills: Skill[] = [];
  for (const child of children) {
    if (child.file !== undefined) {
      return { ok: false, refusal: { code: "stray-file", path: child.file.raw } };
    }
    const path = `${prefix}${child.name}`;
    if (!child.hasSkillFile) {
      return { ok: false, refusal: { code: "missing-skill-file", path, skill: child.name } };
    }
    skills.push(skillOf(`${path}/`, child.name, child.below));
  }
  skills.sort((a, b) => compare(a.name, b.name));
  return { ok: true, skills };
}

/** The immediate children of the directory `prefix` ("" or "dir/"), by name. */
function childrenOf(
  prefix: string,
  files: readonly FileEntry[],
  directories: readonly DirectoryEntry[],
): Map<string, Child> {
  const children = new Map<string, Child>();
  const add = (path: string, order: number, file: FileEntry | undefined): void => {
    if (!path.startsWith(prefix) || path.length === prefix.length) return;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf("/");
    const name = slash === -1 ? rest : rest.slice(0, slash);
    let child = children.get(name);
    if (child === undefined) {
      child = { name, order, file: undefined, below: [], hasSkillFile: false };
      children.set(name, child);
    } else if (order < child.order) {
      child.order = order;
    }
    if (file === undefined) return;
    if (slash === -1) child.file = file;
    else child.below.push(file);
    if (rest.length === name.length + SKILL_FILE.length + 1 && rest.endsWith(`/${SKILL_FILE}`)) {
      child.hasSkillFile = true;
    }
  };
  for (const file of files) add(file.path, file.order, file);
  for (const directory of directories) add(directory.path, directory.order, undefined);
  return children;
}

/** The skill whose files are `files`, all of which lie below `prefix`. */
function skillOf(prefix: string, name: string, files: readonly FileEntry[]): Skill {
  const own = files.map((file) =>
    skillFileOf(file.path.slice(prefix.length), file.bytes, file.executable),
  );
  own.sort((a, b) => compare(a.path, b.path));
  return { name, files: own };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
