// Signed skills through the built binary: `digest --statement` gives what
// `ssh-keygen -Y sign -n skillshelf` signs, `import --require-signed
// --trust` installs what a trusted key signed and refuses everything else
// with its code, and verify and show name the signer again.
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  allowedSignersLine,
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
  type TestKey,
} from "@skillshelf/test-utils/ssh-keygen";
import { afterAll, describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile, writeTree } from "./support/trees.js";

const keys = makeKeyDir();
afterAll(keys.remove);
const alice = makeKey(keys.dir, { type: "ed25519" });
const mallory = makeKey(keys.dir, { type: "rsa", bits: 2048 });
const expired = makeKey(keys.dir, { type: "ed25519" });
const revoked = makeKey(keys.dir, { type: "ecdsa" });

/** A source folder with skill `greet`, its trust files, and the root arguments. */
function setUp(): { folder: string; args: string[]; trustArgs: string[]; dir: string } {
  const dir = makeTempDir("skillshelf-cli-signed-");
  const folder = join(dir, "src", "greet");
  writeTree(folder, { "SKILL.md": skillFile("greet"), "run.sh": "echo hi\n" });
  chmodSync(join(folder, "run.sh"), 0o755);
  writeFileSync(
    join(dir, "allowed_signers"),
    allowedSignersLine("alice@example.com", alice, 'namespaces="skillshelf"') +
      allowedSignersLine("old@example.com", expired, 'valid-before="20200101"') +
      allowedSignersLine("carol@example.com", revoked),
  );
  writeFileSync(join(dir, "revoked_keys"), `${revoked.publicLine}\n`);
  const trustArgs = [
    "--trust",
    join(dir, "allowed_signers"),
    "--revoked",
    join(dir, "revoked_keys"),
  ];
  return { folder, args: makeRoots().args, trustArgs, dir };
}

async function statementOf(folder: string, args: string[]): Promise<string> {
  const printed = await runBin(["digest", folder, "--statement", ...args]);
  expect(printed.code).toBe(0);
  return printed.stdout;
}

async function signFolder(folder: string, args: string[], key: TestKey): Promise<string> {
  const signature = signWithSshKeygen(key, await statementOf(folder, args), "skillshelf");
  writeFileSync(join(folder, "SKILL.sig"), signature);
  return signature;
}

describe("import --require-signed", () => {
  it("installs what alice signed, and verify and show name her", async () => {
    const { folder, args, trustArgs } = setUp();
    const statement = await statementOf(folder, args);
    expect(statement).toMatch(/^skillshelf-tree-v1 greet [0-9a-f]{64}\n$/);
    await signFolder(folder, args, alice);
    const imported = await runBin(["import", folder, "--require-signed", ...trustArgs, ...args]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /installed\s+greet\s+3 files\s+\S+ B\s+signed by alice@example\.com/,
    );

    const verified = await runBin(["verify", "--json", ...trustArgs, ...args]);
    expect(verified.code).toBe(0);
    expect(parseJson(verified)).toMatchObject({
      ok: true,
      skills: [
        {
          id: "greet",
          status: "unchanged",
          record: { signature: { principal: "alice@example.com", fingerprint: alice.fingerprint } },
          signature: { status: "signed", principal: "alice@example.com" },
        },
      ],
    });
    const shown = await runBin(["show", "greet", ...trustArgs, ...args]);
    expect(shown.stdout).toContain(
      `signed by alice@example.com (${alice.fingerprint}, ssh-ed25519); SKILL.sig is not part of the tree`,
    );

    // Without the trust file the signature is still good, but nobody vouches for it.
    const untrusting = await runBin(["verify", ...args]);
    expect(untrusting.code).toBe(0);
    expect(untrusting.stdout).toMatch(/unchanged\s+greet\s+signed by an untrusted key/);
    expect((await runBin(["verify", "--require-signed", ...args])).code).toBe(1);
  });

  it.each([
    [
      "one byte changed",
      "bad-signature",
      (folder: string) =>
        writeFileSync(join(folder, "SKILL.md"), skillFile("greet", undefined, "Do the thinG.\n")),
    ],
    [
      "a file added",
      "bad-signature",
      (folder: string) => writeFileSync(join(folder, "new.md"), "x\n"),
    ],
    [
      "the executable bit flipped",
      "bad-signature",
      (folder: string) => chmodSync(join(folder, "run.sh"), 0o644),
    ],
  ])("refuses a signed tree with %s (%s)", async (_name, code, tamper) => {
    const { folder, args, trustArgs } = setUp();
    await signFolder(folder, args, alice);
    tamper(folder);
    const refused = await runBin(["import", folder, "--require-signed", ...trustArgs, ...args]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`refused (${code}): The SKILL.sig of skill 'greet'`);
    expect((await runBin(["list", "--json", ...args])).stdout).not.toContain('"greet"');
  });

  it.each([
    ["a key outside allowed_signers", mallory, "it is not in allowed_signers"],
    [
      "an expired valid-before",
      expired,
      "the key of old@example.com: its valid-before time has passed",
    ],
    ["a revoked key", revoked, "the key of carol@example.com: it is revoked"],
  ])("refuses %s, naming the key", async (_name, key, detail) => {
    const { folder, args, trustArgs } = setUp();
    await signFolder(folder, args, key);
    const refused = await runBin(["import", folder, "--require-signed", ...trustArgs, ...args]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      `refused (untrusted-signer): The skill 'greet' is signed by key ${key.fingerprint} that allowed_signers does not trust for it (${detail})`,
    );
  });

  it("refuses an unsigned skill under $SKILLSHELF_REQUIRE_SIGNED=1, and takes --signature", async () => {
    const { folder, args, trustArgs, dir } = setUp();
    const env = { SKILLSHELF_REQUIRE_SIGNED: "1" };
    const refused = await runBin(["import", folder, ...trustArgs, ...args], { env });
    expect(refused.stderr).toContain("refused (unsigned): The skill 'greet' carries no SKILL.sig");
    const sig = join(dir, "greet.sig");
    writeFileSync(sig, signWithSshKeygen(alice, await statementOf(folder, args), "skillshelf"));
    const imported = await runBin(["import", folder, "--signature", sig, ...trustArgs, ...args], {
      env,
    });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("signed by alice@example.com");
  });

  it("refuses a trust file it cannot read, naming it", async () => {
    const { folder, args } = setUp();
    const refused = await runBin(["check", folder, "--trust", "/nonexistent/allowed", ...args]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "refused (invalid-trust-file): The trust file '/nonexistent/allowed' cannot be used (it does not exist)",
    );
  });
});
