// Each case signs a real statement with a real key (ssh-keygen -Y sign) and
// asks two verifiers: this package and `ssh-keygen -Y verify -f
// allowed_signers -I principal -n skillshelf [-r revoked_keys]` at the same
// instant. They must agree, in both directions, and agree with the verdict
// the case states: every refusal below fails on its own, beside an otherwise
// good signature.
import { createHash } from "node:crypto";
import {
  type KeySpec,
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
  type TestKey,
  verifyWithSshKeygen,
} from "@skillshelf/test-utils/ssh-keygen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseRevokedKeys,
  type SignatureRefusal,
  treeStatement,
  verifyTreeSignature,
} from "../src/index.js";

const specs = {
  alice: { type: "ed25519" },
  bob: { type: "ecdsa", bits: 256 },
  carol: { type: "ecdsa", bits: 384 },
  erin: { type: "ecdsa", bits: 521 },
  dave: { type: "rsa", bits: 3072 },
  mallory: { type: "ed25519" },
} satisfies Record<string, KeySpec>;
type Name = keyof typeof specs;

const id = "greet";
const digest = createHash("sha256").update("a skill's tree").digest("hex");
/** The same digest with one hex digit changed. */
const otherDigest = `${digest.slice(0, 10)}${digest[10] === "0" ? "1" : "0"}${digest.slice(11)}`;
const now = new Date("2026-06-01T12:00:00Z");
const verifyTime = "20260601120000Z";

let keys: Record<Name, TestKey>;
let dir: string;
let removeDir: () => void;

beforeAll(() => {
  ({ dir, remove: removeDir } = makeKeyDir());
  keys = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, makeKey(dir, spec)]),
  ) as Record<Name, TestKey>;
});
afterAll(() => removeDir());

/** The team's allowed_signers: every key but mallory's, one principal each. */
function team(k: Record<Name, TestKey>): string {
  return [
    "# the team",
    `alice@example.com ${k.alice.publicLine}`,
    `bob@example.com ${k.bob.publicLine}`,
    "",
    `carol@example.com ${k.carol.publicLine}`,
    `erin@example.com ${k.erin.publicLine}`,
    `dave@example.com ${k.dave.publicLine}`,
    "",
  ].join("\n");
}

type Case = {
  name: string;
  signer: Name;
  principal: string;
  /** What the signer signed, where it differs from the skill being verified. */
  signed?: { id?: string; digest?: string; namespace?: string; hash?: "sha256" | "sha512" };
  allowed?: (k: Record<Name, TestKey>) => string;
  revoked?: Name[];
  verdict: { accept: string } | { code: SignatureRefusal["code"]; why: string };
};

const alice = (options: string) => (k: Record<Name, TestKey>) =>
  `alice@example.com ${options} ${k.alice.publicLine}\n`;

const cases: Case[] = [
  {
    name: "Ed25519",
    signer: "alice",
    principal: "alice@example.com",
    verdict: { accept: "ssh-ed25519" },
  },
  {
    name: "ECDSA P-256",
    signer: "bob",
    principal: "bob@example.com",
    verdict: { accept: "ecdsa-sha2-nistp256" },
  },
  {
    name: "ECDSA P-384",
    signer: "carol",
    principal: "carol@example.com",
    verdict: { accept: "ecdsa-sha2-nistp384" },
  },
  {
    name: "ECDSA P-521",
    signer: "erin",
    principal: "erin@example.com",
    verdict: { accept: "ecdsa-sha2-nistp521" },
  },
  {
    name: "RSA 3072 (rsa-sha2-512)",
    signer: "dave",
    principal: "dave@example.com",
    verdict: { accept: "rsa-sha2-512" },
  },
  {
    name: "Ed25519 with an SSHSIG sha256 hash",
    signer: "alice",
    principal: "alice@example.com",
    signed: { hash: "sha256" },
    verdict: { accept: "ssh-ed25519" },
  },
  {
    name: "a wildcard principal",
    signer: "alice",
    principal: "alice@example.com",
    allowed: (k) => `*@example.com ${k.alice.publicLine}\n`,
    verdict: { accept: "ssh-ed25519" },
  },
  {
    name: "quoted principals",
    signer: "alice",
    principal: "ops",
    allowed: (k) => `"alice@example.com,ops" ${k.alice.publicLine}\n`,
    verdict: { accept: "ssh-ed25519" },
  },
  {
    name: "a namespaces= list that allows skillshelf",
    signer: "alice",
    principal: "alice@example.com",
    allowed: alice('namespaces="git,skill*"'),
    verdict: { accept: "ssh-ed25519" },
  },
  {
    name: "inside its validity window",
    signer: "alice",
    principal: "alice@example.com",
    allowed: alice('valid-after="20260101Z",valid-before="20270101Z"'),
    verdict: { accept: "ssh-ed25519" },
  },
  {
    name: "a revoked-keys file naming another key",
    signer: "alice",
    principal: "alice@example.com",
    revoked: ["mallory"],
    verdict: { accept: "ssh-ed25519" },
  },

  {
    name: "one byte changed in the tree digest (Ed25519)",
    signer: "alice",
    principal: "alice@example.com",
    signed: { digest: otherDigest },
    verdict: { code: "bad-signature", why: "mismatch" },
  },
  {
    name: "one byte changed in the tree digest (P-384)",
    signer: "carol",
    principal: "carol@example.com",
    signed: { digest: otherDigest },
    verdict: { code: "bad-signature", why: "mismatch" },
  },
  {
    name: "one byte changed in the tree digest (RSA)",
    signer: "dave",
    principal: "dave@example.com",
    signed: { digest: otherDigest },
    verdict: { code: "bad-signature", why: "mismatch" },
  },
  {
    name: "another skill's id (Ed25519)",
    signer: "alice",
    principal: "alice@example.com",
    signed: { id: "greeter" },
    verdict: { code: "bad-signature", why: "mismatch" },
  },
  {
    name: "another skill's id (P-256)",
    signer: "bob",
    principal: "bob@example.com",
    signed: { id: "greeter" },
    verdict: { code: "bad-signature", why: "mismatch" },
  },
  {
    name: "another namespace",
    signer: "alice",
    principal: "alice@example.com",
    signed: { namespace: "git" },
    verdict: { code: "bad-signature", why: "namespace" },
  },
  {
    name: "a key outside allowed_signers",
    signer: "mallory",
    principal: "alice@example.com",
    verdict: { code: "untrusted-signer", why: "not-allowed" },
  },
  {
    name: "an expired valid-before",
    signer: "alice",
    principal: "alice@example.com",
    allowed: alice('valid-before="20260601115959Z"'),
    verdict: { code: "untrusted-signer", why: "expired" },
  },
  {
    name: "a valid-after not yet reached",
    signer: "alice",
    principal: "alice@example.com",
    allowed: alice('valid-after="20260601120001Z"'),
    verdict: { code: "untrusted-signer", why: "not-yet-valid" },
  },
  {
    name: "a revoked key",
    signer: "alice",
    principal: "alice@example.com",
    revoked: ["mallory", "alice"],
    verdict: { code: "untrusted-signer", why: "revoked" },
  },
  {
    name: "a namespaces= list without skillshelf",
    signer: "alice",
    principal: "alice@example.com",
    allowed: alice('namespaces="git,file"'),
    verdict: { code: "untrusted-signer", why: "namespace-not-allowed" },
  },
  {
    name: "another principal's key",
    signer: "alice",
    principal: "bob@example.com",
    verdict: { code: "untrusted-signer", why: "principal" },
  },
  {
    name: "a principal vetoed by a ! pattern",
    signer: "alice",
    principal: "alice@example.com",
    allowed: (k) => `*@example.com,!alice@example.com ${k.alice.publicLine}\n`,
    verdict: { code: "untrusted-signer", why: "principal" },
  },
  {
    name: "a key trusted only as a cert-authority",
    signer: "alice",
    principal: "alice@example.com",
    allowed: alice("cert-authority"),
    verdict: { code: "untrusted-signer", why: "not-allowed" },
  },
];

describe("verifyTreeSignature agrees with ssh-keygen -Y verify", () => {
  it.each(cases)("$name", (c) => {
    const key = keys[c.signer];
    const signedStatement = treeStatement(c.signed?.id ?? id, c.signed?.digest ?? digest);
    const signature = signWithSshKeygen(
      key,
      signedStatement,
      c.signed?.namespace ?? "skillshelf",
      c.signed?.hash,
    );
    const allowedSigners = (c.allowed ?? team)(keys);
    const revokedText = c.revoked?.map((name) => keys[name].publicLine).join("\n");
    const revoked = revokedText === undefined ? undefined : parseRevokedKeys(revokedText);
    if (revoked !== undefined && !revoked.ok) throw new Error(revoked.refusal.reason);

    const ours = verifyTreeSignature({
      signature,
      id,
      treeDigest: digest,
      allowedSigners,
      principal: c.principal,
      now,
      ...(revoked === undefined ? {} : { revokedKeys: revoked.keys }),
    });
    const theirs = verifyWithSshKeygen({
      dir,
      signature,
      message: treeStatement(id, digest),
      allowedSigners,
      principal: c.principal,
      namespace: "skillshelf",
      verifyTime,
      ...(revokedText === undefined ? {} : { revokedKeys: revokedText }),
    });

    expect(ours.ok, `ssh-keygen said: ${theirs.output}`).toBe(theirs.accepted);
    if ("accept" in c.verdict) {
      expect(ours).toMatchObject({
        ok: true,
        principal: c.principal,
        fingerprint: key.fingerprint,
        algorithm: c.verdict.accept,
      });
      expect(theirs.output).toContain(key.fingerprint);
    } else {
      expect(ours).toMatchObject({ ok: false, refusal: c.verdict });
    }
  });
});

describe("without a principal, the trusting line names the signer", () => {
  it.each(cases.filter((c) => "accept" in c.verdict && c.allowed === undefined))("$name", (c) => {
    const signature = signWithSshKeygen(
      keys[c.signer],
      treeStatement(id, digest),
      "skillshelf",
      c.signed?.hash,
    );
    const ours = verifyTreeSignature({
      signature,
      id,
      treeDigest: digest,
      allowedSigners: team(keys),
      now,
    });
    expect(ours).toMatchObject({
      ok: true,
      principal: c.principal,
      fingerprint: keys[c.signer].fingerprint,
    });
  });
});
