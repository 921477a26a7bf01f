// The cryptographic check of an SSHSIG: rebuild the blob the signer signed
// ("SSHSIG", namespace, reserved, hash algorithm, H(message)) and verify the
// signature over it with node:crypto. The signature's algorithm must belong
// to the key's type (an Ed25519 key signs ssh-ed25519, an ECDSA key its own
// curve's name, an RSA key rsa-sha2-256 or rsa-sha2-512, never SHA-1 ssh-rsa).
// ECDSA's r and s travel as SSH mpints; they are padded to the curve's size
// and handed over in IEEE P1363 form.
import { createHash, type VerifyKeyObjectInput, verify } from "node:crypto";
import { curveOf, printable, type SshPublicKey } from "./public-key.js";
import type { Sshsig } from "./sshsig.js";
import { encodeString, readWire, WireError } from "./wire.js";

export type CheckProblem = { why: "unsupported" | "malformed" | "mismatch"; reason: string };

const hashAlgorithms = new Set(["sha256", "sha512"]);

/** Whether `sshsig` is `key`'s signature over `message`; never throws. */
export function checkSignature(
  sshsig: Sshsig,
  key: SshPublicKey,
  message: Uint8Array,
): { ok: true } | { ok: false; problem: CheckProblem } {
  if (!hashAlgorithms.has(sshsig.hashAlgorithm)) {
    const reason = `uses the hash '${printable(sshsig.hashAlgorithm)}', not sha256 or sha512`;
    return { ok: false, problem: { why: "unsupported", reason } };
  }
  const signed = Buffer.concat([
    Buffer.from("SSHSIG"),
    encodeString(sshsig.namespace),
    // The reserved field is signed empty whatever the blob carries, as OpenSSH does.
    encodeString(new Uint8Array(0)),
    encodeString(sshsig.hashAlgorithm),
    encodeString(createHash(sshsig.hashAlgorithm).update(message).digest()),
  ]);
  const { format, bytes } = sshsig.signature;
  const mismatch = {
    ok: false,
    problem: {
      why: "mismatch",
      reason:
        "does not verify: it was made over another statement (another skill or tree) or altered",
    },
  } as const;
  if (key.type === "ssh-ed25519" && format === "ssh-ed25519") {
    if (bytes.length !== 64) return malformed("is not 64 bytes long, as an Ed25519 signature is");
    return verifies(null, signed, key.key, bytes) ? { ok: true } : mismatch;
  }
  if (key.curve !== undefined && format === key.type) {
    const { hash, size } = curveOf(key.curve);
    const p1363 = toP1363(bytes, size);
    if (p1363 === null) return malformed("holds malformed ECDSA r and s values");
    const good = verifies(hash, signed, { key: key.key, dsaEncoding: "ieee-p1363" }, p1363);
    return good ? { ok: true } : mismatch;
  }
  if (key.type === "ssh-rsa" && (format === "rsa-sha2-256" || format === "rsa-sha2-512")) {
    const hash = format === "rsa-sha2-256" ? "sha256" : "sha512";
    return verifies(hash, signed, key.key, bytes) ? { ok: true } : mismatch;
  }
  if (key.type === "ssh-rsa" && format === "ssh-rsa") {
    const reason = "is an ssh-rsa (SHA-1) signature; sign with rsa-sha2-256 or rsa-sha2-512";
    return { ok: false, problem: { why: "unsupported", reason } };
  }
  const reason = `carries the algorithm '${printable(format)}', which does not belong to a ${key.type} key`;
  return { ok: false, problem: { why: "malformed", reason } };
}

/** node:crypto's verify, where an error (a signature of the wrong length) is a mismatch. */
function verifies(
  hash: string | null,
  data: Uint8Array,
  key: VerifyKeyObjectInput | VerifyKeyObjectInput["key"],
  signature: Uint8Array,
): boolean {
  try {
    return verify(hash, data, key, signature);
  } catch {
    return false;
  }
}

function malformed(reason: string): { ok: false; problem: CheckProblem } {
  return { ok: false, problem: { why: "malformed", reason } };
}

/** r and s, each left-padded to `size` bytes, or null if they do not fit. */
function toP1363(bytes: Uint8Array, size: number): Uint8Array | null {
  try {
    const wire = readWire(bytes);
    const r = wire.readMpint();
    const s = wire.readMpint();
    wire.expectEnd("the ECDSA signature");
    if (r.length === 0 || s.length === 0 || r.length > size || s.length > size) return null;
    const out = new Uint8Array(2 * size);
    out.set(r, size - r.length);
    out.set(s, 2 * size - s.length);
    return out;
  } catch (cause) {
    if (cause instanceof WireError) return null;
    throw cause;
  }
}
