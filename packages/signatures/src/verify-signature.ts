// Verifies an armored SSH signature over a message, offline, as
// `ssh-keygen -Y verify -f allowed_signers -I principal -n namespace
// [-r revoked_keys]` does, in the same order: the signature's form, its
// namespace, the cryptography, revocation, then the allowed_signers lines
// holding the signing key (principal, `namespaces=`, validity window). Every
// outcome is a result; hostile bytes never throw.
import { type AllowedSigner, parseAllowedSigners } from "./allowed-signers.js";
import { removeArmor } from "./armor.js";
import { checkSignature } from "./check-signature.js";
import { matchPatternList } from "./patterns.js";
import { parsePublicKey, printable } from "./public-key.js";
import type { BadSignatureWhy, SignatureRefusal, UntrustedWhy } from "./refusal.js";
import type { RevokedKey } from "./revoked-keys.js";
import { parseSshsig } from "./sshsig.js";
import { MAX_SIGNATURE_BYTES } from "./statement.js";

export type VerifySignatureOptions = {
  /** The armored signature, as text or as the bytes of a `.sig` file. */
  signature: Uint8Array | string;
  message: Uint8Array | string;
  namespace: string;
  /** The parsed allowed_signers lines, or the file's text. */
  allowedSigners: readonly AllowedSigner[] | string;
  /** Keys refused whatever allowed_signers says (`ssh-keygen -r`). */
  revokedKeys?: readonly RevokedKey[];
  /** Require this principal to match the signer's line (`ssh-keygen -I`). */
  principal?: string;
  /** The instant validity windows are judged at; now by default. */
  now?: Date;
};

/** A verified signature: who signed, with which key and algorithm. */
export type VerifiedSignature = {
  ok: true;
  /** The principal asked for, or else the principals of the trusting line as written. */
  principal: string;
  /** The signing key's fingerprint as `ssh-keygen -l` prints it (`SHA256:...`). */
  fingerprint: string;
  /** The signature algorithm: ssh-ed25519, ecdsa-sha2-nistp256, rsa-sha2-512, ... */
  algorithm: string;
  keyType: string;
  hashAlgorithm: string;
  /** The allowed_signers line that trusted the key. */
  line: number;
};

export type VerifySignatureResult = VerifiedSignature | { ok: false; refusal: SignatureRefusal };

/** Verifies an SSH signature against allowed_signers; never throws for any signature. */
export function verifySignature(options: VerifySignatureOptions): VerifySignatureResult {
  const text = readSignatureText(options.signature);
  if (typeof text !== "string") return text;
  const armor = removeArmor(text);
  if (!armor.ok) return bad("malformed", `The signature is not an SSH signature: ${armor.reason}.`);
  const parsed = parseSshsig(armor.blob);
  if (!parsed.ok)
    return bad("malformed", `The signature is not an SSH signature: ${parsed.reason}.`);
  const { sshsig } = parsed;
  const key = parsePublicKey(sshsig.publicKey);
  if (!key.ok) {
    return bad(key.problem.why, `The signature cannot be checked: ${key.problem.reason}.`);
  }
  const { fingerprint } = key.key;
  if (sshsig.namespace !== options.namespace) {
    const reason = `The signature was made for the namespace '${printable(sshsig.namespace)}', not '${options.namespace}'.`;
    return bad("namespace", reason, fingerprint);
  }
  const message =
    typeof options.message === "string"
      ? new TextEncoder().encode(options.message)
      : options.message;
  const checked = checkSignature(sshsig, key.key, message);
  if (!checked.ok) {
    return bad(
      checked.problem.why,
      `The signature by key ${fingerprint} ${checked.problem.reason}.`,
      fingerprint,
    );
  }
  const blob = sshsig.publicKey;
  if (options.revokedKeys?.some((revoked) => sameBytes(revoked.publicKey, blob))) {
    return untrusted(
      "revoked",
      `The key ${fingerprint} that made the signature is revoked.`,
      fingerprint,
    );
  }
  const signers =
    typeof options.allowedSigners === "string"
      ? parseAllowedSigners(options.allowedSigners)
      : { ok: true as const, signers: options.allowedSigners };
  if (!signers.ok) return { ok: false, refusal: signers.refusal };
  const trusted = judgeTrust(signers.signers, blob, fingerprint, sshsig.namespace, options);
  if (!trusted.ok) return trusted;
  return {
    ok: true,
    principal: trusted.principal,
    fingerprint,
    algorithm: sshsig.signature.format,
    keyType: key.key.type,
    hashAlgorithm: sshsig.hashAlgorithm,
    line: trusted.line,
  };
}

function readSignatureText(
  signature: Uint8Array | string,
): string | { ok: false; refusal: SignatureRefusal } {
  const size = typeof signature === "string" ? Buffer.byteLength(signature) : signature.length;
  if (size > MAX_SIGNATURE_BYTES) {
    return bad(
      "too-large",
      `The signature is ${size} bytes, more than the ${MAX_SIGNATURE_BYTES} a signature may hold.`,
    );
  }
  // Armor is ASCII: any other byte fails the armor or base64 check below.
  return typeof signature === "string" ? signature : Buffer.from(signature).toString("latin1");
}

/** The first allowed_signers line that trusts the key for this use, or why none does. */
function judgeTrust(
  signers: readonly AllowedSigner[],
  blob: Uint8Array,
  fingerprint: string,
  namespace: string,
  options: VerifySignatureOptions,
): { ok: true; principal: string; line: number } | { ok: false; refusal: SignatureRefusal } {
  const lines = signers.filter((s) => !s.certAuthority && sameBytes(s.publicKey, blob));
  if (lines.length === 0) {
    return untrusted(
      "not-allowed",
      `The key ${fingerprint} that made the signature is not in allowed_signers.`,
      fingerprint,
    );
  }
  // OpenSSH compares whole seconds.
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  let first: { ok: false; refusal: SignatureRefusal } | undefined;
  for (const signer of lines) {
    const where = `line ${signer.line} of allowed_signers`;
    let refusal: { ok: false; refusal: SignatureRefusal } | undefined;
    if (
      options.principal !== undefined &&
      !matchPatternList(options.principal, signer.principals)
    ) {
      refusal = untrusted(
        "principal",
        `The key ${fingerprint} is trusted by ${where} for '${printable(signer.principals)}', not for '${printable(options.principal)}'.`,
        fingerprint,
      );
    } else if (signer.namespaces !== undefined && !matchPatternList(namespace, signer.namespaces)) {
      refusal = untrusted(
        "namespace-not-allowed",
        `The key ${fingerprint} may sign only in the namespaces '${printable(signer.namespaces)}' (${where}), not '${namespace}'.`,
        fingerprint,
      );
    } else if (signer.validAfter !== undefined && now < signer.validAfter.getTime() / 1000) {
      refusal = untrusted(
        "not-yet-valid",
        `The key ${fingerprint} is trusted only from ${signer.validAfter.toISOString()} (${where}).`,
        fingerprint,
      );
    } else if (signer.validBefore !== undefined && now > signer.validBefore.getTime() / 1000) {
      refusal = untrusted(
        "expired",
        `The key ${fingerprint} was trusted only until ${signer.validBefore.toISOString()} (${where}).`,
        fingerprint,
      );
    } else {
      return { ok: true, principal: options.principal ?? signer.principals, line: signer.line };
    }
    first ??= refusal;
  }
  return first!;
}

function bad(
  why: BadSignatureWhy,
  reason: string,
  fingerprint?: string,
): { ok: false; refusal: SignatureRefusal } {
  return {
    ok: false,
    refusal:
      fingerprint === undefined
        ? { code: "bad-signature", why, reason }
        : { code: "bad-signature", why, reason, fingerprint },
  };
}

function untrusted(
  why: UntrustedWhy,
  reason: string,
  fingerprint: string,
): { ok: false; refusal: SignatureRefusal } {
  return { ok: false, refusal: { code: "untrusted-signer", why, reason, fingerprint } };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
