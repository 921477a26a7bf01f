// Parses the SSHSIG blob (OpenSSH PROTOCOL.sshsig): the magic "SSHSIG",
// version 1, the signer's public key, the namespace, a reserved string, the
// hash algorithm and the signature. The fields are only read here; what they
// must be (the namespace, the key's trust) is judged by the verifier, so that
// a wrong namespace is reported as such rather than as a malformed blob.
import { readWire, WireError } from "./wire.js";

/** The fields of an SSHSIG blob. */
export type Sshsig = {
  publicKey: Uint8Array;
  namespace: string;
  reserved: Uint8Array;
  hashAlgorithm: string;
  signature: { format: string; bytes: Uint8Array };
};

export type ParseSshsigResult = { ok: true; sshsig: Sshsig } | { ok: false; reason: string };

const magic = "SSHSIG";

/** Reads the SSHSIG fields from a blob; never throws. */
export function parseSshsig(blob: Uint8Array): ParseSshsigResult {
  try {
    const wire = readWire(blob);
    if (new TextDecoder().decode(wire.readRaw(magic.length)) !== magic) {
      return { ok: false, reason: "it does not begin with the SSHSIG magic" };
    }
    const version = wire.readUint32();
    if (version !== 1) return { ok: false, reason: `its version is ${version}, not 1` };
    const publicKey = wire.readString();
    const namespace = wire.readText();
    const reserved = wire.readString();
    const hashAlgorithm = wire.readText();
    const inner = readWire(wire.readString());
    wire.expectEnd("the signature");
    const format = inner.readText();
    const bytes = inner.readString();
    // OpenSSH tolerates nothing after the signature blob either.
    inner.expectEnd("the signature blob");
    return {
      ok: true,
      sshsig: { publicKey, namespace, reserved, hashAlgorithm, signature: { format, bytes } },
    };
  } catch (cause) {
    if (cause instanceof WireError) {
      return { ok: false, reason: `it is truncated or malformed (${cause.message})` };
    }
    throw cause;
  }
}
