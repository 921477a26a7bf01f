// allowed_signers read line by line as OpenSSH reads it, with real keys from
// ssh-keygen. A line this parser refuses is also one ssh-keygen will not
// trust for the principal it names: each refused row is handed to
// `ssh-keygen -Y verify` beside a good signature by its key, and must fail
// there too.

import {
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
  type TestKey,
  verifyWithSshKeygen,
} from "@skillshelf/test-utils/ssh-keygen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllowedSigners, parseRevokedKeys, treeStatement } from "../src/index.js";
import { encodeString } from "../src/wire.js";

let dir: string;
let removeDir: () => void;
let key: TestKey;
let rsa: TestKey;

beforeAll(() => {
  ({ dir, remove: removeDir } = makeKeyDir());
  key = makeKey(dir, { type: "ed25519" });
  rsa = makeKey(dir, { type: "rsa", bits: 2048 });
});
afterAll(() => removeDir());

const base64Of = (line: string) => line.split(" ")[1]!;

describe("lines it reads", () => {
  it("skips blank lines and comments, keeps line numbers, comments and CRLF files", () => {
    const text = `# team\r\n\r\n  alice@example.com ${key.publicLine}\r\n\t# bob left\r\nbob,robin ssh-rsa ${base64Of(rsa.publicLine)} laptop key\r\n`;
    const parsed = parseAllowedSigners(text);
    expect(parsed).toMatchObject({
      ok: true,
      signers: [
        {
          line: 3,
          principals: "alice@example.com",
          keyType: "ssh-ed25519",
          fingerprint: key.fingerprint,
          certAuthority: false,
        },
        {
          line: 5,
          principals: "bob,robin",
          keyType: "ssh-rsa",
          fingerprint: rsa.fingerprint,
          comment: "laptop key",
        },
      ],
    });
  });

  it("reads every option, case-insensitive names, quoted values with escaped quotes", () => {
    const text = `"alice smith,ops" NAMESPACES="skill\\"shelf,git",valid-after="20260101Z",Valid-Before="202701011230Z",cert-authority ${key.publicLine}\n`;
    const parsed = parseAllowedSigners(text);
    expect(parsed).toMatchObject({
      ok: true,
      signers: [
        {
          principals: "alice smith,ops",
          namespaces: 'skill"shelf,git',
          validAfter: new Date("2026-01-01T00:00:00Z"),
          validBefore: new Date("2027-01-01T12:30:00Z"),
          certAuthority: true,
        },
      ],
    });
  });

  it("reads a time without Z in the local time zone, as OpenSSH does", () => {
    const parsed = parseAllowedSigners(
      `a valid-after="20260301",valid-before="20260302103000" ${key.publicLine}`,
    );
    expect(parsed).toMatchObject({
      ok: true,
      signers: [{ validAfter: new Date(2026, 2, 1), validBefore: new Date(2026, 2, 2, 10, 30, 0) }],
    });
  });

  it("keeps a line with a key type it does not verify, by its fingerprint", () => {
    const sk = Buffer.concat([
      encodeString("sk-ssh-ed25519@openssh.com"),
      encodeString(new Uint8Array(32).fill(7)),
      encodeString("ssh:"),
    ]).toString("base64");
    const parsed = parseAllowedSigners(
      `alice sk-ssh-ed25519@openssh.com ${sk} yubikey\nbob ${key.publicLine}\n`,
    );
    expect(parsed).toMatchObject({
      ok: true,
      signers: [
        { keyType: "sk-ssh-ed25519@openssh.com", comment: "yubikey" },
        { principals: "bob" },
      ],
    });
  });
});

describe("lines it refuses, naming the line", () => {
  const rows: { name: string; line: (k: TestKey) => string; says: RegExp }[] = [
    {
      name: "principals and nothing else",
      line: () => "alice",
      says: /names principals but no key/,
    },
    {
      name: "an unknown option",
      line: (k) => `alice no-touch-required ${k.publicLine}`,
      says: /an option allowed_signers does not have/,
    },
    {
      name: "an unquoted option value",
      line: (k) => `alice valid-after=20260101 ${k.publicLine}`,
      says: /not of the form valid-after="..."/,
    },
    {
      name: "an option with no closing quote",
      line: (k) => `alice namespaces="skillshelf ${k.publicLine}`,
      says: /unterminated quote/,
    },
    {
      name: "options and no key",
      line: () => 'alice namespaces="skillshelf"',
      says: /options but no key/,
    },
    {
      name: "an option given twice",
      line: (k) => `alice namespaces="a",namespaces="b" ${k.publicLine}`,
      says: /'namespaces' twice/,
    },
    {
      name: "a trailing comma",
      line: (k) => `alice cert-authority, ${k.publicLine}`,
      says: /are malformed/,
    },
    {
      name: "a time of four digits",
      line: (k) => `alice valid-before="2026" ${k.publicLine}`,
      says: /is not YYYYMMDD/,
    },
    {
      name: "a date that does not exist",
      line: (k) => `alice valid-before="20260230" ${k.publicLine}`,
      says: /is not YYYYMMDD/,
    },
    {
      name: "a window that ends before it starts",
      line: (k) => `alice valid-after="20270101Z",valid-before="20260101Z" ${k.publicLine}`,
      says: /not after its valid-after/,
    },
    {
      name: "a key labelled with another type",
      line: (k) => `alice ssh-rsa ${base64Of(k.publicLine)}`,
      says: /is a ssh-ed25519 key, not ssh-rsa/,
    },
    {
      name: "a key that is not base64",
      line: () => "alice ssh-ed25519 AAAA$$$$",
      says: /not valid base64/,
    },
    {
      name: "a truncated key",
      line: (k) => `alice ssh-ed25519 ${base64Of(k.publicLine).slice(0, 40)}`,
      says: /truncated|malformed/,
    },
    {
      name: "an unknown key type after options",
      line: () => 'alice namespaces="x" ssh-foo AAAAB3Nz',
      says: /'ssh-foo' is not a key type/,
    },
  ];

  it.each(rows)("$name", ({ line, says }) => {
    const text = `# first\n\n${line(key)}\n`;
    const parsed = parseAllowedSigners(text);
    expect(parsed).toMatchObject({
      ok: false,
      refusal: { code: "invalid-trust-file", file: "allowed_signers", line: 3 },
    });
    if (!parsed.ok)
      expect(parsed.refusal.reason).toMatch(
        new RegExp(`^Line 3 of the allowed_signers file is invalid: .*${says.source}`),
      );

    const message = treeStatement("greet", "0".repeat(64));
    const signature = signWithSshKeygen(key, message, "skillshelf");
    const theirs = verifyWithSshKeygen({
      dir,
      signature,
      message,
      allowedSigners: text,
      principal: "alice",
      namespace: "skillshelf",
      verifyTime: "20260601120000Z",
    });
    expect(theirs.accepted, theirs.output).toBe(false);
  });
});

describe("revoked keys", () => {
  it("reads plain public keys with comments and blank lines", () => {
    const parsed = parseRevokedKeys(`# lost laptop\n\n${key.publicLine}\n${rsa.publicLine}\n`);
    expect(parsed).toMatchObject({
      ok: true,
      keys: [
        { line: 3, fingerprint: key.fingerprint },
        { line: 4, fingerprint: rsa.fingerprint },
      ],
    });
  });

  it.each([
    {
      name: "a binary KRL",
      text: Buffer.concat([Buffer.from("SSHKRL\n\0"), new Uint8Array(40)]),
      line: 1,
      says: /binary KRL/,
    },
    {
      name: "a line that is not a key",
      text: "# ok\nnot a key at all\n",
      line: 2,
      says: /'not' is not a key type/,
    },
    {
      name: "a line with options",
      text: "cert-authority ssh-ed25519 AAAA",
      line: 1,
      says: /'cert-authority' is not a key type/,
    },
  ])("refuses $name", ({ text, line, says }) => {
    const parsed = parseRevokedKeys(text);
    expect(parsed).toMatchObject({
      ok: false,
      refusal: { code: "invalid-trust-file", file: "revoked_keys", line },
    });
    if (!parsed.ok) expect(parsed.refusal.reason).toMatch(says);
  });
});
