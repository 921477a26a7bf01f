// The ways a signature or a trust file is refused. Three codes, as the
// refusal table will carry them: a signature that proves nothing
// (`bad-signature`), a good signature by a key the allowed_signers file does
// not trust for this use (`untrusted-signer`), and a trust file that cannot be
// read as OpenSSH would read it (`invalid-trust-file`). `why` says which rule
// refused, for tests and for surfaces that branch on it; `reason` is the
// sentence a person reads.

/** The codes this package refuses with. */
export const signatureCodes = ["bad-signature", "untrusted-signer", "invalid-trust-file"] as const;

export type SignatureCode = (typeof signatureCodes)[number];

/** Why a signature is bad. */
export type BadSignatureWhy = "too-large" | "malformed" | "unsupported" | "namespace" | "mismatch";

/** Why a signer is not trusted. */
export type UntrustedWhy =
  | "not-allowed"
  | "principal"
  | "namespace-not-allowed"
  | "not-yet-valid"
  | "expired"
  | "revoked";

export type SignatureRefusal =
  | { code: "bad-signature"; why: BadSignatureWhy; reason: string; fingerprint?: string }
  | { code: "untrusted-signer"; why: UntrustedWhy; reason: string; fingerprint: string }
  | {
      code: "invalid-trust-file";
      file: "allowed_signers" | "revoked_keys";
      line: number;
      reason: string;
    };
