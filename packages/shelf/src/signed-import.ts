// The import flow's signature step: signatures given beside the source
// (`--signature`) are matched to the skill whose statement they sign and
// travel with it as its SKILL.sig; then every skill's signature is checked
// against the shelf's trust, and under `requireSigned` anything but a
// verified signature refuses the whole bundle. What verified is what the
// install records.
import { type Skill, skillFileOf } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { SIGNATURE_FILE_NAME, verifyTreeSignature } from "@skillshelf/signatures";
import { type RecordedSignature, treeOf } from "@skillshelf/skill-catalog";
import { policyRefusal, type SignatureStatus, signatureStatusOf } from "./signature-status.js";
import type { Trust } from "./trust.js";

export type SignedSkills =
  | {
      ok: true;
      skills: Skill[];
      statuses: Map<string, SignatureStatus>;
      /** The verified signatures, by id, for the install records. */
      recorded: Map<string, RecordedSignature>;
    }
  | { ok: false; refusal: Refusal };

/** Places `given` signatures, checks every skill's, and applies the policy. */
export function judgeSignatures(
  skills: readonly Skill[],
  given: readonly Uint8Array[],
  trust: Trust,
): SignedSkills {
  const placed = placeSignatures(skills, given);
  if (!placed.ok) return placed;
  const statuses = new Map<string, SignatureStatus>();
  const recorded = new Map<string, RecordedSignature>();
  const verifiedAt = new Date().toISOString();
  for (const skill of placed.skills) {
    const status = signatureStatusOf(skill.name, skill.files, trust);
    if (trust.requireSigned) {
      const refusal = policyRefusal(skill.name, status);
      if (refusal !== undefined) return { ok: false, refusal };
    }
    statuses.set(skill.name, status);
    if (status.status === "signed") {
      const { principal, fingerprint, algorithm } = status;
      recorded.set(skill.name, { principal, fingerprint, algorithm, verifiedAt });
    }
  }
  return { ok: true, skills: placed.skills, statuses, recorded };
}

/** Each given signature becomes the SKILL.sig of the one skill whose statement it signs. */
function placeSignatures(
  skills: readonly Skill[],
  given: readonly Uint8Array[],
): { ok: true; skills: Skill[] } | { ok: false; refusal: Refusal } {
  const out = [...skills];
  for (const [n, signature] of given.entries()) {
    const index = out.findIndex((skill) => signs(signature, skill));
    if (index === -1) {
      return {
        ok: false,
        refusal: {
          code: "bad-signature",
          ...(skills.length === 1 ? { skill: skills[0]!.name } : {}),
          detail: `signature ${n + 1} given at import signs none of the bundle's skills as they are now`,
        },
      };
    }
    const skill = out[index]!;
    const files = skill.files.filter((file) => file.path !== SIGNATURE_FILE_NAME);
    files.push(skillFileOf(SIGNATURE_FILE_NAME, signature, false));
    files.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
    out[index] = { ...skill, files };
  }
  return { ok: true, skills: out };
}

/**
 * Whether `signature` is over `skill`'s statement. Trust is not asked yet
 * (an empty allowed_signers): a signature that gets as far as "not in
 * allowed_signers" is a good signature over this statement.
 */
function signs(signature: Uint8Array, skill: Skill): boolean {
  const result = verifyTreeSignature({
    signature,
    id: skill.name,
    treeDigest: treeOf(skill.files).digest,
    allowedSigners: [],
  });
  return result.ok || result.refusal.code === "untrusted-signer";
}
