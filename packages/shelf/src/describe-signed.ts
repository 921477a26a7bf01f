// `describe` with its signature: the catalog's description of one skill
// (files, tree digest, record, drift) and its SKILL.sig checked now against
// the shelf's trust and the tree it describes, for builtin and managed
// skills alike.

import type { Refusal } from "@skillshelf/contract";
import { SIGNATURE_FILE_NAME } from "@skillshelf/signatures";
import {
  describeSkill,
  type Roots,
  readStoredFile,
  type SkillDescription,
} from "@skillshelf/skill-catalog";
import { checkSignature, type SignatureStatus } from "./signature-status.js";
import type { Trust } from "./trust.js";

export type SignedDescription =
  | { ok: true; description: SkillDescription & { signature: SignatureStatus } }
  | { ok: false; refusal: Refusal };

/** Skill `id` described, with who signed its tree. */
export async function describeSigned(
  roots: Roots,
  id: string,
  trust: Trust,
): Promise<SignedDescription> {
  const described = await describeSkill(roots, id);
  if (!described.ok) return described;
  const { description } = described;
  const signed = description.files.some((file) => file.path === SIGNATURE_FILE_NAME);
  let signature: SignatureStatus = { status: "unsigned" };
  if (signed) {
    const read = await readStoredFile(roots, id, SIGNATURE_FILE_NAME);
    if (read.ok) signature = checkSignature(id, description.treeDigest, read.bytes, trust);
  }
  return { ok: true, description: { ...description, signature } };
}
