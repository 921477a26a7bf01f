// Signed skills through the shelf, on real signatures: keys made by
// ssh-keygen, statements signed by `ssh-keygen -Y sign`, trust given as an
// allowed_signers file. Under requireSigned every tampering of a signed
// tree, a signature for another id or namespace and every key the trust
// file does not trust now is refused at import; a signed import records its
// signer, and verify checks the signature again against the tree held now.
import { chmodSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { usableRecord } from "@skillshelf/skill-catalog";
import { makeTempDir, skillText, writeTree } from "@skillshelf/test-utils";
import {
  allowedSignersLine,
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
  type TestKey,
} from "@skillshelf/test-utils/ssh-keygen";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { type Env, openShelf, type Shelf } from "../src/index.js";

const keys = makeKeyDir();
afterAll(keys.remove);
const alice = makeKey(keys.dir, { type: "ed25519" });
const mallory = makeKey(keys.dir, { type: "ed25519" });
const expired = makeKey(keys.dir, { type: "ecdsa" });
const revoked = makeKey(keys.dir, { type: "ed25519" });

type Trusting = { trust?: string; revoked?: string; requireSigned?: boolean };

/** A shelf in `dir` trusting alice, the expired key and the revoked key (revoked in its own file). */
function trustFiles(dir: string): { trust: string; revoked: string } {
  const trust = join(dir, "allowed_signers");
  writeFileSync(
    trust,
    allowedSignersLine("alice@example.com", alice) +
      allowedSignersLine("old@example.com", expired, 'valid-before="20200101"') +
      allowedSignersLine("bob@example.com", revoked),
  );
  const revokedFile = join(dir, "revoked_keys");
  writeFileSync(revokedFile, `${revoked.publicLine}\n`);
  return { trust, revoked: revokedFile };
}

async function shelfIn(dir: string, options: Trusting = {}, env: Env = {}): Promise<Shelf> {
  const opened = await openShelf(
    { workspace: join(dir, "ws"), data: join(dir, "data"), tool: "test 1.0.0", ...options },
    env,
    dir,
  );
  if (!opened.ok) throw new Error(`${opened.refusal.code}: ${opened.refusal.detail}`);
  onTestFinished(() => opened.shelf.close());
  return opened.shelf;
}

/** Writes skill `id` (two files, one executable) below `root`; its folder. */
function writeGreet(root: string, id = "greet"): string {
  writeTree(root, {
    [`${id}/SKILL.md`]: skillText(id, "Say hello to the user by name.\n"),
    [`${id}/scripts/hello.sh`]: "#!/bin/sh\necho hello\n",
  });
  chmodSync(join(root, id, "scripts/hello.sh"), 0o755);
  return join(root, id);
}

/** The statement of the skill at `folder`, as the shelf's digest gives it. */
async function statementOf(shelf: Shelf, folder: string): Promise<string> {
  const digest = await shelf.digest({ kind: "path", path: folder });
  if (!digest.ok) throw new Error(digest.refusal.code);
  return digest.skills[0]!.statement;
}

/** Signs the skill at `folder` as it is now with `key`, writing its SKILL.sig. */
async function sign(
  shelf: Shelf,
  folder: string,
  key: TestKey,
  change: { id?: string; namespace?: string } = {},
): Promise<string> {
  let statement = await statementOf(shelf, folder);
  if (change.id !== undefined) statement = statement.replace(" greet ", ` ${change.id} `);
  const signature = signWithSshKeygen(key, statement, change.namespace ?? "skillshelf");
  writeFileSync(join(folder, "SKILL.sig"), signature);
  return signature;
}

describe("import under requireSigned", () => {
  it("installs a skill alice signed and records her as its signer", async () => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir, { ...trustFiles(dir), requireSigned: true });
    const folder = writeGreet(join(dir, "src"));
    await sign(shelf, folder, alice);
    const imported = await shelf.import({ kind: "path", path: folder });
    expect(imported.ok && imported.skills[0]!.signature).toEqual({
      status: "signed",
      principal: "alice@example.com",
      fingerprint: alice.fingerprint,
      algorithm: "ssh-ed25519",
    });
    const record = usableRecord(await shelf.roots.managed!.record("greet"));
    expect(record?.signature).toMatchObject({
      principal: "alice@example.com",
      fingerprint: alice.fingerprint,
      algorithm: "ssh-ed25519",
    });
    expect(Date.parse(record!.signature!.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    // SKILL.sig travels with the skill but is not part of the tree it signs.
    expect(record!.tree.files.map((file) => file.path)).toEqual(["SKILL.md", "scripts/hello.sh"]);
    const stored = await shelf.readFile("greet", "SKILL.sig");
    expect(stored.ok).toBe(true);
  });

  const tamperings: [string, string, (folder: string) => void][] = [
    [
      "one byte changed",
      "bad-signature",
      (f) =>
        writeFileSync(join(f, "SKILL.md"), skillText("greet", "Say hello to the user by namE.\n")),
    ],
    ["a file added", "bad-signature", (f) => writeFileSync(join(f, "notes.md"), "more\n")],
    ["a file removed", "bad-signature", (f) => rmSync(join(f, "scripts/hello.sh"))],
    [
      "a file renamed",
      "bad-signature",
      (f) => renameSync(join(f, "scripts/hello.sh"), join(f, "scripts/hi.sh")),
    ],
    [
      "the executable bit flipped",
      "bad-signature",
      (f) => chmodSync(join(f, "scripts/hello.sh"), 0o644),
    ],
  ];

  it.each(tamperings)("refuses a signed tree with %s: %s", async (_name, code, tamper) => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir, { ...trustFiles(dir), requireSigned: true });
    const folder = writeGreet(join(dir, "src"));
    await sign(shelf, folder, alice);
    tamper(folder);
    const imported = await shelf.import({ kind: "path", path: folder });
    expect(imported.ok ? "installed" : imported.refusal).toMatchObject({ code, skill: "greet" });
    expect(await shelf.roots.managed!.record("greet")).toEqual({ kind: "missing" });
  });

  it.each([
    ["a signature for another id", alice, { id: "greeter" }, "bad-signature", undefined],
    ["a signature in another namespace", alice, { namespace: "git" }, "bad-signature", undefined],
    [
      "a key outside allowed_signers",
      mallory,
      {},
      "untrusted-signer",
      "it is not in allowed_signers",
    ],
    [
      "an expired valid-before",
      expired,
      {},
      "untrusted-signer",
      "its valid-before time has passed",
    ],
    ["a revoked key", revoked, {}, "untrusted-signer", "it is revoked"],
  ] as const)("refuses %s", async (_name, key, change, code, detail) => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir, { ...trustFiles(dir), requireSigned: true });
    const folder = writeGreet(join(dir, "src"));
    await sign(shelf, folder, key, change);
    const imported = await shelf.import({ kind: "path", path: folder });
    expect(imported.ok).toBe(false);
    if (imported.ok) return;
    expect(imported.refusal).toMatchObject({ code, skill: "greet" });
    if (code === "untrusted-signer") {
      expect(imported.refusal.other).toBe(key.fingerprint);
      expect(imported.refusal.detail).toContain(detail);
    }
    // Without the policy the same skill installs, unsigned in its record.
    const lenient = await shelfIn(dir, trustFiles(dir));
    const again = await lenient.import({ kind: "path", path: folder });
    expect(again.ok && again.skills[0]!.signature.status).toBe(
      code === "bad-signature" ? "bad" : "untrusted",
    );
    expect(usableRecord(await lenient.roots.managed!.record("greet"))?.signature).toBeUndefined();
  });

  it("names the principal of a key it lists but no longer trusts", async () => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir, { ...trustFiles(dir), requireSigned: true });
    const folder = writeGreet(join(dir, "src"));
    await sign(shelf, folder, revoked);
    const imported = await shelf.import({ kind: "path", path: folder });
    expect(!imported.ok && imported.refusal.detail).toBe(
      "the key of bob@example.com: it is revoked",
    );
  });

  it("refuses an unsigned skill, by flag or by $SKILLSHELF_REQUIRE_SIGNED=1", async () => {
    const dir = makeTempDir();
    const folder = writeGreet(join(dir, "src"));
    for (const shelf of [
      await shelfIn(dir, { ...trustFiles(dir), requireSigned: true }),
      await shelfIn(dir, trustFiles(dir), { SKILLSHELF_REQUIRE_SIGNED: "1" }),
    ]) {
      const checked = await shelf.check({ kind: "path", path: folder });
      expect(!checked.ok && checked.refusal).toEqual({ code: "unsigned", skill: "greet" });
    }
    const lenient = await shelfIn(dir, trustFiles(dir));
    const checked = await lenient.check({ kind: "path", path: folder });
    expect(checked.ok && checked.skills[0]!.signature).toEqual({ status: "unsigned" });
  });

  it("matches signatures given at import to the skills of a collection they sign", async () => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir, { ...trustFiles(dir), requireSigned: true });
    const root = join(dir, "src");
    const signatures = [];
    for (const id of ["greet", "wave"]) {
      const folder = writeGreet(root, id);
      const statement = await statementOf(shelf, folder);
      signatures.push(new TextEncoder().encode(signWithSshKeygen(alice, statement, "skillshelf")));
    }
    // Given in the other order: each is placed by the statement it signs.
    const imported = await shelf.import(
      { kind: "path", path: root },
      { signatures: signatures.reverse() },
    );
    expect(imported.ok && imported.skills.map((s) => [s.id, s.signature.status])).toEqual([
      ["greet", "signed"],
      ["wave", "signed"],
    ]);
    expect((await shelf.readFile("wave", "SKILL.sig")).ok).toBe(true);
    writeFileSync(join(root, "greet/extra.md"), "changed\n");
    const refused = await shelf.check(
      { kind: "path", path: root },
      { signatures: [signatures[1]!], replace: true },
    );
    expect(!refused.ok && refused.refusal.code).toBe("bad-signature");
  });
});

describe("verify", () => {
  it("checks every signature again against the trust file and the tree held now", async () => {
    const dir = makeTempDir();
    const files = trustFiles(dir);
    const shelf = await shelfIn(dir, { ...files, requireSigned: true });
    const folder = writeGreet(join(dir, "src"));
    await sign(shelf, folder, alice);
    expect((await shelf.import({ kind: "path", path: folder })).ok).toBe(true);
    const first = await shelf.verify();
    expect(first.ok && first.skills.map((s) => [s.status, s.signature.status])).toEqual([
      ["unchanged", "signed"],
    ]);

    // Alice's key dropped from the trust file: the same tree, no longer vouched for.
    writeFileSync(files.trust, allowedSignersLine("bob@example.com", revoked));
    const distrusting = await shelfIn(dir, files);
    const dropped = await distrusting.verify();
    expect(dropped.ok && dropped.skills[0]!.signature).toMatchObject({
      status: "untrusted",
      fingerprint: alice.fingerprint,
    });

    // A byte changed in the store: drift, and the signature signs another tree.
    const managedDir = join(dir, "data", "skills", "greet");
    writeFileSync(join(managedDir, "SKILL.md"), skillText("greet", "Changed.\n"));
    const changed = await shelf.verify();
    expect(changed.ok && changed.skills.map((s) => [s.status, s.signature.status])).toEqual([
      ["changed", "bad"],
    ]);
  });

  it("does not call a replaced SKILL.sig drift, but checks it", async () => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir, trustFiles(dir));
    const folder = writeGreet(join(dir, "src"));
    await sign(shelf, folder, alice);
    expect((await shelf.import({ kind: "path", path: folder })).ok).toBe(true);
    writeFileSync(
      join(dir, "data", "skills", "greet", "SKILL.sig"),
      signWithSshKeygen(mallory, await statementOf(shelf, folder), "skillshelf"),
    );
    const verified = await shelf.verify();
    expect(verified.ok && verified.skills[0]).toMatchObject({
      status: "unchanged",
      signature: { status: "untrusted", fingerprint: mallory.fingerprint },
    });
    const described = await shelf.describe("greet");
    expect(described.ok && described.description.signature.status).toBe("untrusted");
  });
});

describe("update", () => {
  it("holds a re-read skill to the policy, and records its new signer", async () => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir, { ...trustFiles(dir), requireSigned: true });
    const folder = writeGreet(join(dir, "src"));
    await sign(shelf, folder, alice);
    expect((await shelf.import({ kind: "path", path: folder })).ok).toBe(true);

    // Changed at its source and not signed again: refused, the installed skill kept.
    writeFileSync(join(folder, "SKILL.md"), skillText("greet", "Say hi.\n"));
    const refused = await shelf.update();
    expect(refused.ok && refused.skills[0]).toMatchObject({
      id: "greet",
      status: "refused",
      refusal: { code: "bad-signature" },
    });

    await sign(shelf, folder, alice);
    const updated = await shelf.update();
    expect(updated.ok && updated.skills[0]!.status).toBe("updated");
    const record = usableRecord(await shelf.roots.managed!.record("greet"));
    expect(record?.signature?.fingerprint).toBe(alice.fingerprint);
  });
});

describe("trust files", () => {
  it.each([
    ["a missing allowed_signers", { trust: "nope" }, "nope", "it does not exist"],
    [
      "an invalid allowed_signers line",
      { trust: "bad_signers" },
      "bad_signers",
      "line 1 of the allowed_signers file is invalid",
    ],
    ["a missing revoked keys file", { revoked: "gone" }, "gone", "it does not exist"],
  ])("refuses to open a shelf over %s", async (_name, options, path, detail) => {
    const dir = makeTempDir();
    writeFileSync(join(dir, "bad_signers"), "alice@example.com ssh-ed25519 !!!\n");
    const opened = await openShelf(
      { workspace: join(dir, "ws"), data: join(dir, "data"), tool: "test", ...options },
      {},
      dir,
    );
    expect(!opened.ok && opened.refusal).toMatchObject({ code: "invalid-trust-file", path });
    expect(!opened.ok && opened.refusal.detail).toContain(detail);
  });

  it("reads $SKILLSHELF_TRUST and $SKILLSHELF_REVOKED_KEYS", async () => {
    const dir = makeTempDir();
    const files = trustFiles(dir);
    const shelf = await shelfIn(
      dir,
      {},
      {
        SKILLSHELF_TRUST: files.trust,
        SKILLSHELF_REVOKED_KEYS: files.revoked,
      },
    );
    expect(shelf.trust.allowedSigners).toHaveLength(3);
    expect(shelf.trust.revoked).toHaveLength(1);
    expect(shelf.trust.requireSigned).toBe(false);
  });
});

describe("digest", () => {
  it("gives the statement ssh-keygen signs, the tree without SKILL.sig", async () => {
    const dir = makeTempDir();
    const shelf = await shelfIn(dir);
    const folder = writeGreet(join(dir, "src"));
    const before = await statementOf(shelf, folder);
    expect(before).toMatch(/^skillshelf-tree-v1 greet [0-9a-f]{64}\n$/);
    await sign(shelf, folder, alice);
    expect(await statementOf(shelf, folder)).toBe(before);
  });
});
