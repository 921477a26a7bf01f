// Reads a revoked-keys file as `ssh-keygen -Y verify -r` accepts it in its
// plain form: one public key a line (`keytype base64 [comment]`), blank
// lines and `#` comments ignored. OpenSSH's binary KRL form is not read; it
// is refused by name, so no one believes a KRL is being applied when it is not.

import type { InvalidTrustFile } from "./allowed-signers.js";
import { parseKeyText } from "./key-line.js";

/** One revoked key: its line, type, blob and fingerprint. */
export type RevokedKey = {
  line: number;
  keyType: string;
  publicKey: Uint8Array;
  fingerprint: string;
};

export type RevokedKeysResult =
  | { ok: true; keys: RevokedKey[] }
  | { ok: false; refusal: InvalidTrustFile };

/** Parses a revoked-keys file of plain public keys; never throws. */
export function parseRevokedKeys(text: string | Uint8Array): RevokedKeysResult {
  const content = typeof text === "string" ? text : Buffer.from(text).toString("latin1");
  if (content.startsWith("SSHKRL\n\0")) {
    return refuse(
      1,
      "it is a binary KRL, which skillshelf does not read; list the revoked public keys one a line",
    );
  }
  const keys: RevokedKey[] = [];
  const lines = content.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, "").trim();
    if (raw === "" || raw.startsWith("#")) continue;
    const parsed = parseKeyText(raw);
    if (!parsed.ok) return refuse(i + 1, parsed.reason);
    const { type, blob, fingerprint } = parsed.listed;
    keys.push({ line: i + 1, keyType: type, publicKey: blob, fingerprint });
  }
  return { ok: true, keys };
}

function refuse(line: number, why: string): RevokedKeysResult {
  const reason = `Line ${line} of the revoked keys file is invalid: ${why}.`;
  return { ok: false, refusal: { code: "invalid-trust-file", file: "revoked_keys", line, reason } };
}
