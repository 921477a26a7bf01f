// Builds SSHSIG blobs and armor from fields, so the hostile-input tests can
// make exactly the signature they describe (a wrong version, an unknown key
// type, SHA-1 RSA) around real keys and real signatures.
import { encodeString } from "../src/wire.js";

export type SshsigFields = {
  magic?: string;
  version?: number;
  publicKey: Uint8Array;
  namespace?: string;
  reserved?: Uint8Array;
  hashAlgorithm?: string;
  format: string;
  signature: Uint8Array;
};

/** The SSHSIG blob the fields make. */
export function buildSshsig(fields: SshsigFields): Uint8Array {
  const version = new Uint8Array(4);
  new DataView(version.buffer).setUint32(0, fields.version ?? 1);
  return Buffer.concat([
    Buffer.from(fields.magic ?? "SSHSIG"),
    version,
    encodeString(fields.publicKey),
    encodeString(fields.namespace ?? "skillshelf"),
    encodeString(fields.reserved ?? new Uint8Array(0)),
    encodeString(fields.hashAlgorithm ?? "sha512"),
    encodeString(Buffer.concat([encodeString(fields.format), encodeString(fields.signature)])),
  ]);
}

/** The blob inside an armored signature. */
export function blobOf(armored: string): Uint8Array {
  const body = armored.split("\n").filter((line) => line !== "" && !line.startsWith("-----"));
  return new Uint8Array(Buffer.from(body.join(""), "base64"));
}

/** Armor as ssh-keygen writes it: 70 base64 characters a line. */
export function armor(blob: Uint8Array): string {
  const lines =
    Buffer.from(blob)
      .toString("base64")
      .match(/.{1,70}/g) ?? [];
  return ["-----BEGIN SSH SIGNATURE-----", ...lines, "-----END SSH SIGNATURE-----", ""].join("\n");
}

/** The signed data of an SSHSIG, for tests that sign it themselves. */
export function signedData(namespace: string, hashAlgorithm: string, hash: Uint8Array): Uint8Array {
  return Buffer.concat([
    Buffer.from("SSHSIG"),
    encodeString(namespace),
    encodeString(new Uint8Array(0)),
    encodeString(hashAlgorithm),
    encodeString(hash),
  ]);
}

/** The blob inside a public key line. */
export function keyBlobOf(publicLine: string): Uint8Array {
  return new Uint8Array(Buffer.from(publicLine.split(" ")[1]!, "base64"));
}
