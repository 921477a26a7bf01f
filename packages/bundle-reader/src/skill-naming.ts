// Where a skill the reader made took its name: its folder's name, or, for
// files at an archive's root, the archive's file name. Kept beside the skill
// (a WeakMap: the skill's shape stays `{ name, files }`), so that the
// destination, refusing a SKILL.md that declares another id, tells the
// operator which of the two to rename. A skill built by hand has neither.
import type { Skill } from "./types.js";

/** What a skill's name was taken from. */
export type SkillNaming = "folder" | "archive";

const namings = new WeakMap<Skill, SkillNaming>();

/** Records what `skill`'s name was taken from (the reader's own call). */
export function markNaming(skill: Skill, naming: SkillNaming): Skill {
  namings.set(skill, naming);
  return skill;
}

/** What a skill the reader made took its name from; undefined for one built by hand. */
export function skillNaming(skill: Skill): SkillNaming | undefined {
  return namings.get(skill);
}
