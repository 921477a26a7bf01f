// The signature policy at serve time, decided once from the shelf's trust
// and handed to skill-catalog's admitSkill, which the payload (gateCatalog)
// and the MCP server (skillSourceOf) both apply: a skill whose tree a
// trusted key signed carries its signer, and under `requireSigned` any other
// (unsigned, a SKILL.sig that proves nothing, a key outside the trust file)
// is withheld with the refusal import would give it (policyRefusal).
// Builtin skills are judged the same way.
import type { SignatureJudge } from "@skillshelf/skill-catalog";
import { checkSignature, policyRefusal, type SignatureStatus } from "./signature-status.js";
import type { Trust } from "./trust.js";

/**
 * The judge for `trust`; undefined when there is no trust file and no
 * policy, since then no signature can verify and none is required, so no
 * SKILL.sig need be read.
 */
export function signatureJudgeOf(trust: Trust): SignatureJudge | undefined {
  if (!trust.requireSigned && trust.allowedSigners.length === 0) return undefined;
  return (id, treeDigest, signature) => {
    const status: SignatureStatus =
      signature === undefined
        ? { status: "unsigned" }
        : checkSignature(id, treeDigest, signature, trust);
    if (status.status === "signed") {
      const { principal, fingerprint, algorithm } = status;
      return { ok: true, signer: { principal, fingerprint, algorithm } };
    }
    const refusal = trust.requireSigned ? policyRefusal(id, status) : undefined;
    return refusal === undefined ? { ok: true } : { ok: false, refusal };
  };
}
