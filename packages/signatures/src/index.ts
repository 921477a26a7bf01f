export {
  type AllowedSigner,
  type AllowedSignersResult,
  type InvalidTrustFile,
  parseAllowedSigners,
} from "./allowed-signers.js";
export { fingerprintOf } from "./public-key.js";
export {
  type BadSignatureWhy,
  type SignatureCode,
  type SignatureRefusal,
  signatureCodes,
  type UntrustedWhy,
} from "./refusal.js";
export { parseRevokedKeys, type RevokedKey, type RevokedKeysResult } from "./revoked-keys.js";
export {
  MAX_SIGNATURE_BYTES,
  SIGNATURE_FILE_NAME,
  SIGNATURE_NAMESPACE,
  treeStatement,
} from "./statement.js";
export {
  type VerifiedSignature,
  type VerifySignatureOptions,
  type VerifySignatureResult,
  verifySignature,
} from "./verify-signature.js";
export { type VerifyTreeSignatureOptions, verifyTreeSignature } from "./verify-tree-signature.js";
