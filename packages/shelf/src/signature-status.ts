// Who vouched for a skill's tree: its SKILL.sig checked, offline, against
// the shelf's trust over the skill's id and its current tree digest (the
// tree without SKILL.sig, record.ts). The import flow asks this of every
// skill it reads, verify of every skill the store holds; the policy
// (`requireSigned`) turns anything but `signed` into the refusal named here.
import type { Refusal } from "@skillshelf/contract";
import {
  type SignatureRefusal,
  type UntrustedWhy,
  verifyTreeSignature,
} from "@skillshelf/signatures";
import { isSignatureFile, treeOf } from "@skillshelf/skill-catalog";
import { phraseOf, type Trust } from "./trust.js";

/**
 * A skill's signature: verified (by whom); absent; a good signature over
 * this tree by a key the trust file does not trust now (`untrusted`:
 * unlisted, revoked, expired, for other principals or namespaces); or a
 * SKILL.sig that proves nothing about this tree (`bad`: unreadable, another
 * namespace, another id or tree, altered).
 */
export type SignatureStatus =
  | { status: "signed"; principal: string; fingerprint: string; algorithm: string }
  | { status: "unsigned" }
  | {
      status: "untrusted";
      /** `untrusted-signer`, naming the skill and the key. */
      refusal: Refusal;
      fingerprint: string;
      /** The principals allowed_signers lists the key for, when it lists it at all. */
      principal?: string;
    }
  | {
      status: "bad";
      /** `bad-signature`, naming the skill. */
      refusal: Refusal;
      /** The signing key, when the signature could be read. */
      fingerprint?: string;
    };

type FileWithBytes = { path: string; executable: boolean; bytes: Uint8Array };

/** The status of skill `id` whose files (SKILL.sig among them, if signed) are `files`. */
export function signatureStatusOf(
  id: string,
  files: readonly FileWithBytes[],
  trust: Trust,
  now?: Date,
): SignatureStatus {
  const signature = files.find((file) => isSignatureFile(file.path));
  if (signature === undefined) return { status: "unsigned" };
  return checkSignature(id, treeOf(files).digest, signature.bytes, trust, now);
}

/** `signature` checked over skill `id` with tree digest `treeDigest`. */
export function checkSignature(
  id: string,
  treeDigest: string,
  signature: Uint8Array,
  trust: Trust,
  now?: Date,
): SignatureStatus {
  const verified = verifyTreeSignature({
    signature,
    id,
    treeDigest,
    allowedSigners: trust.allowedSigners,
    ...(trust.revoked === undefined ? {} : { revokedKeys: trust.revoked }),
    ...(now === undefined ? {} : { now }),
  });
  if (verified.ok) {
    const { principal, fingerprint, algorithm } = verified;
    return { status: "signed", principal, fingerprint, algorithm };
  }
  return badOf(id, verified.refusal, trust);
}

/** The refusal `requireSigned` gives for a status other than `signed`; undefined for `signed`. */
export function policyRefusal(id: string, status: SignatureStatus): Refusal | undefined {
  if (status.status === "signed") return undefined;
  if (status.status === "unsigned") return { code: "unsigned", skill: id };
  return status.refusal;
}

function badOf(id: string, refusal: SignatureRefusal, trust: Trust): SignatureStatus {
  if (refusal.code === "untrusted-signer") {
    const listed = principalsOf(refusal.fingerprint, trust);
    const why = untrustedWhy[refusal.why];
    const detail = listed === undefined ? why : `the key of ${listed}: ${why}`;
    return {
      status: "untrusted",
      fingerprint: refusal.fingerprint,
      ...(listed === undefined ? {} : { principal: listed }),
      refusal: { code: "untrusted-signer", skill: id, other: refusal.fingerprint, detail },
    };
  }
  const fingerprint = refusal.code === "bad-signature" ? refusal.fingerprint : undefined;
  return {
    status: "bad",
    ...(fingerprint === undefined ? {} : { fingerprint }),
    refusal: { code: "bad-signature", skill: id, detail: badDetail(refusal) },
  };
}

/** Why a SKILL.sig proves nothing, without the key (the status carries it). */
function badDetail(refusal: SignatureRefusal): string {
  if (refusal.code === "bad-signature" && refusal.why === "mismatch")
    return "it was made over another statement: another skill's id, another tree, or altered";
  return phraseOf(refusal.reason);
}

const untrustedWhy: Record<UntrustedWhy, string> = {
  "not-allowed": "it is not in allowed_signers",
  principal: "allowed_signers lists it for other principals",
  "namespace-not-allowed": "allowed_signers restricts it to other namespaces",
  "not-yet-valid": "its valid-after time has not come",
  expired: "its valid-before time has passed",
  revoked: "it is revoked",
};

/** The principals allowed_signers lists for the key `fingerprint`, if any line holds it. */
function principalsOf(fingerprint: string, trust: Trust): string | undefined {
  const lines = trust.allowedSigners.filter((line) => line.fingerprint === fingerprint);
  return lines.length === 0 ? undefined : lines.map((line) => line.principals).join(", ");
}
