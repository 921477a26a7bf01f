// verify with signatures: each managed skill against its record (drift,
// skill-catalog's verify) and its SKILL.sig re-checked against the shelf's
// trust file and the tree the store holds now. A signature that verified at
// import and no longer does (the tree changed, the key was revoked or
// dropped from allowed_signers, SKILL.sig was replaced) is named `bad`.

import type { Refusal } from "@skillshelf/contract";
import { type Roots, type Verdict, verify } from "@skillshelf/skill-catalog";
import { type SignatureStatus, signatureStatusOf } from "./signature-status.js";
import type { Trust } from "./trust.js";

/** One managed skill against its record, and who signed its current tree. */
export type SignedVerdict = Verdict & { signature: SignatureStatus };

export type SignedVerifyResult =
  | { ok: true; skills: SignedVerdict[] }
  | { ok: false; refusal: Refusal };

/** Every managed skill (or those named): drift, then its signature re-checked now. */
export async function verifySigned(
  roots: Roots,
  ids: readonly string[],
  trust: Trust,
): Promise<SignedVerifyResult> {
  const verified = await verify(roots, ids);
  if (!verified.ok) return verified;
  const { managed } = roots;
  const skills: SignedVerdict[] = [];
  for (const verdict of verified.skills) {
    const stored = managed === undefined ? undefined : await managed.files(verdict.id);
    const signature: SignatureStatus =
      stored?.ok === true
        ? signatureStatusOf(verdict.id, stored.files, trust)
        : { status: "unsigned" };
    skills.push({ ...verdict, signature });
  }
  return { ok: true, skills };
}
