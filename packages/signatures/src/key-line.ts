// Reads the key part of an allowed_signers or revoked-keys line, `<type>
// <base64> [comment]`, as OpenSSH's sshkey_read does: the type named on the
// line must be the type inside the blob. A key of a type skillshelf does not
// verify is still read (its fingerprint can be named); it just never matches.
import { fingerprintOf, parsePublicKey, printable, type SshPublicKey } from "./public-key.js";
import { readWire, WireError } from "./wire.js";

/** A public key as a trust file lists it. */
export type ListedKey = {
  type: string;
  blob: Uint8Array;
  fingerprint: string;
  comment: string;
  /** The node:crypto key, or null for a type skillshelf does not verify. */
  key: SshPublicKey | null;
};

const keyTypes = new Set([
  "ssh-ed25519",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
  "ssh-rsa",
  "ssh-dss",
  "sk-ssh-ed25519@openssh.com",
  "sk-ecdsa-sha2-nistp256@openssh.com",
]);

/** Whether `word` names an SSH key type (a certificate type included). */
export function isKeyType(word: string): boolean {
  return keyTypes.has(word) || keyTypes.has(word.replace("-cert-v01@openssh.com", ""));
}

/** Parses `<type> <base64> [comment]`; the reason is a phrase for a sentence. */
export function parseKeyText(
  text: string,
): { ok: true; listed: ListedKey } | { ok: false; reason: string } {
  const match = /^(\S+)[ \t]+(\S+)(?:[ \t]+(.*))?$/.exec(text.trim());
  if (match === null) return { ok: false, reason: "it has no key type and base64 key" };
  const [, type, base64, comment] = match as unknown as [string, string, string, string?];
  if (!isKeyType(type)) return { ok: false, reason: `'${printable(type)}' is not a key type` };
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    return { ok: false, reason: "its key is not valid base64" };
  }
  const blob = new Uint8Array(Buffer.from(base64, "base64"));
  let inner: string;
  try {
    inner = readWire(blob).readText();
  } catch (cause) {
    if (!(cause instanceof WireError)) throw cause;
    return { ok: false, reason: "its key is truncated" };
  }
  if (inner !== type) {
    return { ok: false, reason: `its key is a ${printable(inner)} key, not ${type}` };
  }
  const parsed = parsePublicKey(blob);
  if (!parsed.ok && parsed.problem.why === "malformed") {
    return { ok: false, reason: parsed.problem.reason };
  }
  const listed: ListedKey = {
    type,
    blob,
    fingerprint: fingerprintOf(blob),
    comment: comment?.trim() ?? "",
    key: parsed.ok ? parsed.key : null,
  };
  return { ok: true, listed };
}
