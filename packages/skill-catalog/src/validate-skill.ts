// Checks one skill of a bundle on its own, before anything touches a root:
// the id rule, the reader's rules for its files (safe paths, no duplicates
// under folding, no path both a file and a directory, UTF-8 bodies; called,
// never restated, since install is public and a caller may build a skill by
// hand), a SKILL.md that declares that id, and the size cap.
import { judgeSkillFiles, type Skill } from "@skillshelf/bundle-reader";
import { isValidId, MAX_SKILL_FILE_BYTES, type Refusal } from "@skillshelf/contract";
import { checkIdentity } from "./identity.js";

/** The refusal one skill earns on its own, or undefined when it is fine. */
export function validateSkill(skill: Skill): Refusal | undefined {
  const id = skill.name;
  if (!isValidId(id)) return { code: "invalid-id", skill: id };
  const files = judgeSkillFiles(id, skill.files);
  if (files !== undefined) return files;
  const skillFile = skill.files.find((file) => file.path === "SKILL.md");
  if (skillFile === undefined) {
    return { code: "identity-mismatch", skill: id, detail: "it has no SKILL.md" };
  }
  if (skillFile.bytes.length > MAX_SKILL_FILE_BYTES) {
    return { code: "skill-file-too-large", skill: id, limit: MAX_SKILL_FILE_BYTES };
  }
  const identity = checkIdentity(skillFile.text, id);
  if (!identity.ok) {
    // The declared id rides in `other`, so the sentence can offer renaming the folder to it.
    return identity.declared === undefined
      ? { code: "identity-mismatch", skill: id, detail: identity.reason }
      : { code: "identity-mismatch", skill: id, detail: identity.reason, other: identity.declared };
  }
  return undefined;
}
