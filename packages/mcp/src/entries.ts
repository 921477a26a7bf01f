// A served skill as the Skills extension's `Skill` entry: the URI of its
// SKILL.md, its frontmatter verbatim, and its complete manifest, each file's
// URI with the recorded digest (`sha256:<hex>`) and size. The manifest is
// taken from the source as it stands (the install record's tree), never
// recomputed here. Who signed the tree, when a trusted key did, and what
// the findings module found in its SKILL.md, ride in `_meta` under the
// reverse-domain prefix the extension names for its `_meta` keys
// (`io.modelcontextprotocol.skills/`); a host that does not know a key
// ignores it.

import type { ServedSkill } from "./skill-source.js";
import { fileUriOf, skillUriOf } from "./skill-uri.js";

export type SkillResourceEntry = { uri: string; digest: string; size: number };

/** The `_meta` key of a signed skill's signer: principal, key fingerprint and algorithm. */
export const SIGNER_META_KEY = "io.modelcontextprotocol.skills/signer";
/** The `_meta` key of a skill's findings (what its SKILL.md hides or asks a host for). */
export const FINDINGS_META_KEY = "io.modelcontextprotocol.skills/findings";

export type SkillEntry = {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources: SkillResourceEntry[];
  _meta?: {
    [SIGNER_META_KEY]?: NonNullable<ServedSkill["signer"]>;
    [FINDINGS_META_KEY]?: NonNullable<ServedSkill["findings"]>;
  };
};

// A served skill the source keeps (admissions.ts) is the same object from
// one listing to the next, so its entry (6,000 file URIs encoded for 1,000
// skills) is made once per admission, not once per page. It is kept as
// JSON would read it back, which changes nothing a host receives: the
// frontmatter's strings are cut from the SKILL.md's decoded text, and one
// character beyond Latin-1 anywhere in that text (a body in Japanese)
// stores every one of them two bytes a character, which makes the whole
// page's JSON two-byte and its writing to stdout several times slower
// (a listing of 1,000 skills spent more on that than on anything else).
const made = new WeakMap<ServedSkill, SkillEntry>();

/** The entry of a servable skill (one whose frontmatter carries name and description). */
export function skillEntryOf(skill: ServedSkill): SkillEntry {
  let entry = made.get(skill);
  if (entry === undefined) {
    entry = JSON.parse(JSON.stringify(entryOf(skill))) as SkillEntry;
    made.set(skill, entry);
  }
  return entry;
}

function entryOf(skill: ServedSkill): SkillEntry {
  return {
    uri: skillUriOf(skill.id),
    frontmatter: skill.frontmatter ?? {},
    resources: skill.files.map((file) => ({
      uri: fileUriOf(skill.id, file.path),
      digest: `sha256:${file.sha256}`,
      size: file.size,
    })),
    ...metaOf(skill),
  };
}

function metaOf(skill: ServedSkill): Pick<SkillEntry, "_meta"> {
  const meta: NonNullable<SkillEntry["_meta"]> = {};
  if (skill.signer !== undefined) meta[SIGNER_META_KEY] = skill.signer;
  if (skill.findings !== undefined && skill.findings.length > 0) {
    meta[FINDINGS_META_KEY] = skill.findings;
  }
  return Object.keys(meta).length === 0 ? {} : { _meta: meta };
}
