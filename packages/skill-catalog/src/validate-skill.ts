// Checks one skill of a bundle on its own, before anything touches a root,
// as the two rules that own its parts judge it: the reader's rules for its
// files (safe paths, no duplicates under folding, no path both a file and a
// directory, UTF-8 bodies; called, never restated, since install is public
// and a caller may build a skill by hand), then the catalog's rule for a
// stored entry (id rule, size cap, identity), the very function the catalog
// judges it by once stored. So a skill that installs is a skill offered.
import {
  judgeSkillFiles,
  type Skill,
  skillFileFrontmatter,
  skillNaming,
} from "@skillshelf/bundle-reader";
import { isValidId, MAX_SKILL_FILE_BYTES, type Refusal } from "@skillshelf/contract";
import { judgeEntry } from "./inspect-skill.js";

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
  const { bytes } = skillFile;
  const read =
    bytes.length > MAX_SKILL_FILE_BYTES
      ? { kind: "too-large" as const, size: bytes.length }
      : { kind: "bytes" as const, bytes, executable: skillFile.executable };
  // The frontmatter as the reader read it, when it did: a bundle's blocks are parsed once.
  const judged = judgeEntry({ name: id, path: "SKILL.md", dir: id, read }, "managed", {
    text: false,
    ...(read.kind === "bytes" ? { frontmatter: skillFileFrontmatter(skillFile) } : {}),
  });
  if (judged.kind !== "refused") return undefined;
  // The entry's own fields; where it would be stored is not yet anyone's business.
  const { id: _id, reason: _reason, origin: _origin, path: _path, ...refusal } = judged.refused;
  // Which name to change, when the reader made the skill: its folder's, or its archive's.
  const namedAfter = refusal.code === "identity-mismatch" ? skillNaming(skill) : undefined;
  return namedAfter === undefined ? refusal : { ...refusal, namedAfter };
}
