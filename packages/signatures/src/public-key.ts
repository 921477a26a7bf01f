// Turns an SSH public key blob (the bytes inside `ssh-ed25519 AAAA...`) into a
// node:crypto key, with the fingerprint `ssh-keygen -l` prints. Only the key
// types whose signatures node:crypto checks exactly as OpenSSH does are taken:
// Ed25519, ECDSA on the NIST curves and RSA. Security-key (`sk-`) keys,
// certificates and DSA are named and refused, never half-checked.
import { createHash, createPublicKey, type KeyObject } from "node:crypto";
import { readWire, WireError } from "./wire.js";

/** The ECDSA curves, by the name SSH gives them. */
const curves = {
  nistp256: { jwk: "P-256", size: 32, hash: "sha256" },
  nistp384: { jwk: "P-384", size: 48, hash: "sha384" },
  nistp521: { jwk: "P-521", size: 66, hash: "sha512" },
} as const;

export type CurveName = keyof typeof curves;

/** A parsed public key: its SSH type, blob, node key and fingerprint. */
export type SshPublicKey = {
  type: string;
  blob: Uint8Array;
  key: KeyObject;
  /** `SHA256:` and the unpadded base64 of the blob's SHA-256, as `ssh-keygen -l` prints it. */
  fingerprint: string;
  curve?: CurveName;
};

export type KeyProblem = { why: "malformed" | "unsupported"; reason: string };

export type ParseKeyResult = { ok: true; key: SshPublicKey } | { ok: false; problem: KeyProblem };

/** The parameters of an ECDSA curve: its JWK name, coordinate size and hash. */
export function curveOf(name: CurveName): (typeof curves)[CurveName] {
  return curves[name];
}

/** The fingerprint `ssh-keygen -l -E sha256` prints for a key blob. */
export function fingerprintOf(blob: Uint8Array): string {
  return `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
}

/** Parses an SSH public key blob; never throws. */
export function parsePublicKey(blob: Uint8Array): ParseKeyResult {
  try {
    return parseKeyBlob(blob);
  } catch (cause) {
    const reason =
      cause instanceof WireError
        ? `the public key is truncated or malformed (${cause.message})`
        : "the public key's numbers do not make a valid key";
    return { ok: false, problem: { why: "malformed", reason } };
  }
}

function parseKeyBlob(blob: Uint8Array): ParseKeyResult {
  const wire = readWire(blob);
  const type = wire.readText();
  const made = (key: KeyObject, curve?: CurveName): ParseKeyResult => {
    wire.expectEnd("the public key");
    const parsed: SshPublicKey = { type, blob, key, fingerprint: fingerprintOf(blob) };
    if (curve !== undefined) parsed.curve = curve;
    return { ok: true, key: parsed };
  };
  if (type === "ssh-ed25519") {
    const x = wire.readString();
    if (x.length !== 32) throw new WireError("an Ed25519 key is 32 bytes");
    return made(
      createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: b64url(x) }, format: "jwk" }),
    );
  }
  if (type.startsWith("ecdsa-sha2-")) {
    const name = type.slice("ecdsa-sha2-".length);
    if (!(name in curves)) return unsupported(type);
    const curve = name as CurveName;
    if (wire.readText() !== curve) throw new WireError("the curve does not match the key type");
    const point = wire.readString();
    const { jwk, size } = curves[curve];
    if (point.length !== 1 + 2 * size || point[0] !== 0x04) {
      throw new WireError("the curve point is not an uncompressed point of this curve");
    }
    const x = b64url(point.subarray(1, 1 + size));
    const y = b64url(point.subarray(1 + size));
    return made(createPublicKey({ key: { kty: "EC", crv: jwk, x, y }, format: "jwk" }), curve);
  }
  if (type === "ssh-rsa") {
    const e = wire.readMpint();
    const n = wire.readMpint();
    const bits = bitLength(n);
    if (bits < 1024 || bits > 16384) {
      const reason = `the RSA key has ${bits} bits, outside the 1024 to 16384 OpenSSH accepts`;
      return { ok: false, problem: { why: "unsupported", reason } };
    }
    return made(
      createPublicKey({ key: { kty: "RSA", n: b64url(n), e: b64url(e) }, format: "jwk" }),
    );
  }
  return unsupported(type);
}

function unsupported(type: string): ParseKeyResult {
  const kind = type.includes("-cert-")
    ? "an OpenSSH certificate, which skillshelf does not accept as a signing key"
    : type.startsWith("sk-")
      ? "a security-key (FIDO) key, which skillshelf does not verify"
      : "not Ed25519, ECDSA (nistp256, nistp384, nistp521) or RSA";
  return {
    ok: false,
    problem: { why: "unsupported", reason: `the key type '${printable(type)}' is ${kind}` },
  };
}

/** At most 64 printable ASCII characters of an untrusted name, for a sentence. */
export function printable(text: string): string {
  const clean = text.replace(/[^\x20-\x7e]/g, "?");
  return clean.length > 64 ? `${clean.slice(0, 64)}...` : clean;
}

/** The bit length of a big-endian unsigned integer without leading zero bytes. */
function bitLength(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  return (bytes.length - 1) * 8 + (32 - Math.clz32(bytes[0]!));
}

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}
