// What a SKILL.sig can hold when someone hostile wrote it: too many bytes,
// a truncated or altered blob, the wrong armor, bad base64, an algorithm
// skillshelf does not verify, a good signature over another message. Each is
// a refusal with a sentence, never an exception; the crafted ones are
// checked against ssh-keygen too, and a correctly crafted twin is accepted,
// so the refusal is the rule's and not the crafting's.
import { createHash, createPrivateKey, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
  type TestKey,
  verifyWithSshKeygen,
} from "@skillshelf/test-utils/ssh-keygen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SIGNATURE_BYTES, treeStatement, verifyTreeSignature } from "../src/index.js";
import { encodeString } from "../src/wire.js";
import { armor, blobOf, buildSshsig, keyBlobOf, signedData } from "./sshsig-blob.js";

const id = "greet";
const digest = createHash("sha256").update("hostile").digest("hex");
const statement = treeStatement(id, digest);
const now = new Date("2026-06-01T12:00:00Z");

let dir: string;
let removeDir: () => void;
let ed: TestKey;
let rsa: TestKey;
let good: string;
let allowedSigners: string;

beforeAll(() => {
  ({ dir, remove: removeDir } = makeKeyDir());
  ed = makeKey(dir, { type: "ed25519" });
  rsa = makeKey(dir, { type: "rsa", bits: 2048, pem: true });
  good = signWithSshKeygen(ed, statement, "skillshelf");
  allowedSigners = `alice ${ed.publicLine}\nrobin ${rsa.publicLine}\n`;
});
afterAll(() => removeDir());

function verify(signature: string | Uint8Array) {
  return verifyTreeSignature({ signature, id, treeDigest: digest, allowedSigners, now });
}

/** An SSHSIG by the RSA key, signed here with node:crypto under `format`'s hash. */
function rsaSigned(format: string, hash: "sha1" | "sha256"): string {
  const key = createPrivateKey(readFileSync(rsa.path));
  const message = createHash("sha512").update(statement).digest();
  const data = signedData("skillshelf", "sha512", message);
  const signature = sign(hash, data, key);
  return armor(buildSshsig({ publicKey: keyBlobOf(rsa.publicLine), format, signature }));
}

describe("a hostile SKILL.sig is refused with a sentence", () => {
  const cases: { name: string; make: () => string | Uint8Array; why: string; says: RegExp }[] = [
    {
      name: "more than 16 KiB",
      make: () => good + " ".repeat(MAX_SIGNATURE_BYTES),
      why: "too-large",
      says: /more than the 16384/,
    },
    { name: "empty", make: () => "", why: "malformed", says: /does not start with/ },
    {
      name: "a PGP armor",
      make: () => good.replaceAll("SSH SIGNATURE", "PGP SIGNATURE"),
      why: "malformed",
      says: /does not start with '-----BEGIN SSH SIGNATURE-----'/,
    },
    {
      name: "no END line",
      make: () => good.split("\n").slice(0, -2).join("\n"),
      why: "malformed",
      says: /no '-----END SSH SIGNATURE-----' line/,
    },
    {
      name: "text after the END line",
      make: () => `${good}trailing\n`,
      why: "malformed",
      says: /text follows/,
    },
    {
      name: "garbage base64",
      make: () => good.replace(/\n[A-Za-z0-9+/]{8}/, "\n!!$$%%^^"),
      why: "malformed",
      says: /not valid base64/,
    },
    {
      name: "binary garbage",
      make: () => new Uint8Array(512).map((_, i) => (i * 131 + 7) % 256),
      why: "malformed",
      says: /does not start with/,
    },
    {
      name: "truncated mid-blob",
      make: () => armor(blobOf(good).subarray(0, 60)),
      why: "malformed",
      says: /truncated or malformed/,
    },
    {
      name: "bytes after the blob",
      make: () => armor(Buffer.concat([blobOf(good), Buffer.from([0, 0, 0, 0])])),
      why: "malformed",
      says: /trailing bytes/,
    },
    {
      name: "another magic",
      make: () => armor(Buffer.concat([Buffer.from("SSHSIH"), blobOf(good).subarray(6)])),
      why: "malformed",
      says: /SSHSIG magic/,
    },
    {
      name: "version 2",
      make: () =>
        armor(
          buildSshsig({
            version: 2,
            publicKey: keyBlobOf(ed.publicLine),
            format: "ssh-ed25519",
            signature: new Uint8Array(64),
          }),
        ),
      why: "malformed",
      says: /version is 2/,
    },
    {
      name: "an unknown key type",
      make: () =>
        armor(
          buildSshsig({
            publicKey: encodeString("ssh-foo"),
            format: "ssh-foo",
            signature: new Uint8Array(64),
          }),
        ),
      why: "unsupported",
      says: /'ssh-foo' is not Ed25519/,
    },
    {
      name: "a DSA key",
      make: () =>
        armor(
          buildSshsig({
            publicKey: encodeString("ssh-dss"),
            format: "ssh-dss",
            signature: new Uint8Array(40),
          }),
        ),
      why: "unsupported",
      says: /'ssh-dss'/,
    },
    {
      name: "a security key",
      make: () =>
        armor(
          buildSshsig({
            publicKey: encodeString("sk-ssh-ed25519@openssh.com"),
            format: "sk-ssh-ed25519@openssh.com",
            signature: new Uint8Array(64),
          }),
        ),
      why: "unsupported",
      says: /security-key/,
    },
    {
      name: "a certificate",
      make: () =>
        armor(
          buildSshsig({
            publicKey: encodeString("ssh-ed25519-cert-v01@openssh.com"),
            format: "ssh-ed25519",
            signature: new Uint8Array(64),
          }),
        ),
      why: "unsupported",
      says: /certificate/,
    },
    {
      name: "a SHA-1 SSHSIG hash",
      make: () =>
        armor(
          buildSshsig({
            hashAlgorithm: "sha1",
            publicKey: keyBlobOf(ed.publicLine),
            format: "ssh-ed25519",
            signature: new Uint8Array(64),
          }),
        ),
      why: "unsupported",
      says: /uses the hash 'sha1', not sha256 or sha512/,
    },
    {
      name: "an RSA algorithm on an Ed25519 key",
      make: () =>
        armor(
          buildSshsig({
            publicKey: keyBlobOf(ed.publicLine),
            format: "rsa-sha2-256",
            signature: new Uint8Array(64),
          }),
        ),
      why: "malformed",
      says: /does not belong to a ssh-ed25519 key/,
    },
    {
      name: "a short Ed25519 signature",
      make: () =>
        armor(
          buildSshsig({
            publicKey: keyBlobOf(ed.publicLine),
            format: "ssh-ed25519",
            signature: new Uint8Array(12),
          }),
        ),
      why: "malformed",
      says: /64 bytes/,
    },
    {
      name: "an Ed25519 key of 31 bytes",
      make: () =>
        armor(
          buildSshsig({
            publicKey: Buffer.concat([
              encodeString("ssh-ed25519"),
              encodeString(new Uint8Array(31)),
            ]),
            format: "ssh-ed25519",
            signature: new Uint8Array(64),
          }),
        ),
      why: "malformed",
      says: /32 bytes/,
    },
    {
      name: "a good signature over another message",
      make: () => signWithSshKeygen(ed, "hello\n", "skillshelf"),
      why: "mismatch",
      says: /does not verify/,
    },
  ];

  it.each(cases)("$name", ({ make, why, says }) => {
    const result = verify(make());
    expect(result).toMatchObject({ ok: false, refusal: { code: "bad-signature", why } });
    if (!result.ok) expect(result.refusal.reason).toMatch(says);
  });
});

describe("the bound and the byte forms", () => {
  it("accepts a good signature padded to exactly the bound, as bytes", () => {
    const padded = good + "\n".repeat(MAX_SIGNATURE_BYTES - good.length);
    expect(Buffer.byteLength(padded)).toBe(MAX_SIGNATURE_BYTES);
    expect(verify(new TextEncoder().encode(padded))).toMatchObject({
      ok: true,
      principal: "alice",
    });
  });
});

describe("RSA with SHA-1 (ssh-rsa) is refused, as ssh-keygen refuses it", () => {
  it.each([
    { format: "ssh-rsa", hash: "sha1", accepted: false },
    { format: "rsa-sha2-256", hash: "sha256", accepted: true },
  ] as const)("$format", ({ format, hash, accepted }) => {
    const signature = rsaSigned(format, hash);
    const ours = verify(signature);
    const theirs = verifyWithSshKeygen({
      dir,
      signature,
      message: statement,
      allowedSigners,
      principal: "robin",
      namespace: "skillshelf",
      verifyTime: "20260601120000Z",
    });
    expect(ours.ok, theirs.output).toBe(accepted);
    expect(theirs.accepted, theirs.output).toBe(accepted);
    if (!ours.ok) expect(ours.refusal).toMatchObject({ code: "bad-signature", why: "unsupported" });
  });
});

describe("no truncation or single-byte change of a real signature passes", () => {
  it("refuses every prefix of the blob", () => {
    const blob = blobOf(good);
    const accepted = [];
    for (let length = 0; length < blob.length; length++) {
      if (verify(armor(blob.subarray(0, length))).ok) accepted.push(length);
    }
    expect(accepted).toEqual([]);
  });

  it("refuses every byte of the blob flipped", () => {
    const blob = blobOf(good);
    const accepted = [];
    for (let i = 0; i < blob.length; i++) {
      const changed = Uint8Array.from(blob);
      changed[i]! ^= 0x01;
      if (verify(armor(changed)).ok) accepted.push(i);
    }
    expect(accepted).toEqual([]);
    expect(verify(armor(blob)).ok).toBe(true);
  });
});
