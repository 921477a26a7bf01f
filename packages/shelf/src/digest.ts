// `digest`: what a signer signs. The source is read by the import flow's
// read step (the same selection, the same refusals), and each skill is
// answered with its id, its tree digest (SKILL.sig left out, record.ts) and
// the exact statement `ssh-keygen -Y sign -n skillshelf` is given.
import type { Source, Warning } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { toRefusal } from "@skillshelf/contract";
import { treeStatement } from "@skillshelf/signatures";
import { treeOf } from "@skillshelf/skill-catalog";
import { type ReadChoices, readAndRecord } from "./import-flow.js";
import { type SignatureStatus, signatureStatusOf } from "./signature-status.js";
import type { Trust } from "./trust.js";

/** One skill of a source: what to sign, and its signature as it stands. */
export type SkillDigest = {
  id: string;
  treeDigest: string;
  /** `skillshelf-tree-v1 <id> <tree digest>\n`, byte for byte. */
  statement: string;
  signature: SignatureStatus;
};

export type DigestResult =
  | { ok: true; skills: SkillDigest[]; warnings: Warning[] }
  | { ok: false; refusal: Refusal };

/** Each skill of `source` with its tree digest and the statement to sign. */
export async function digestSource(
  source: Source,
  choices: ReadChoices,
  trust: Trust,
): Promise<DigestResult> {
  try {
    const read = await readAndRecord(source, choices, undefined);
    if (!read.ok) return read;
    const skills = read.skills.map((skill): SkillDigest => {
      const treeDigest = treeOf(skill.files).digest;
      return {
        id: skill.name,
        treeDigest,
        statement: treeStatement(skill.name, treeDigest),
        signature: signatureStatusOf(skill.name, skill.files, trust),
      };
    });
    return { ok: true, skills, warnings: read.warnings };
  } catch (error) {
    return { ok: false, refusal: toRefusal(error) };
  }
}
