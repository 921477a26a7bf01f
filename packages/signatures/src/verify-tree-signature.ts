// The one check skillshelf makes of a skill's SKILL.sig: an SSH signature in
// the `skillshelf` namespace over `skillshelf-tree-v1 <id> <tree digest>\n`,
// by a key allowed_signers trusts and no revoked-keys file names. A signature
// over another tree, another id or in another namespace is `bad-signature`;
// a good signature by a key not trusted for it is `untrusted-signer`.
import type { AllowedSigner } from "./allowed-signers.js";
import type { RevokedKey } from "./revoked-keys.js";
import { SIGNATURE_NAMESPACE, treeStatement } from "./statement.js";
import { type VerifySignatureResult, verifySignature } from "./verify-signature.js";

export type VerifyTreeSignatureOptions = {
  /** The contents of SKILL.sig. */
  signature: Uint8Array | string;
  /** The skill's id. */
  id: string;
  /** The skill's tree digest: 64 lowercase hex. */
  treeDigest: string;
  allowedSigners: readonly AllowedSigner[] | string;
  revokedKeys?: readonly RevokedKey[];
  principal?: string;
  now?: Date;
};

/** Verifies a skill's signature over its id and tree digest; never throws for any signature. */
export function verifyTreeSignature(options: VerifyTreeSignatureOptions): VerifySignatureResult {
  const { id, treeDigest, ...rest } = options;
  return verifySignature({
    ...rest,
    message: treeStatement(id, treeDigest),
    namespace: SIGNATURE_NAMESPACE,
  });
}
