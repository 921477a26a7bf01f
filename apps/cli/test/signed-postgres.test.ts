// A signature checked by one host is honoured by another: a skill signed by
// ssh-keygen is imported under --require-signed into a PostgreSQL store
// from one host, and a second host (its own data directory, the store from
// the environment, the same trust file) finds its signer in the record and
// verifies the signature again itself.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import {
  allowedSignersLine,
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
} from "@skillshelf/test-utils/ssh-keygen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile, writeTree } from "./support/trees.js";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());
const keys = makeKeyDir();
afterAll(keys.remove);
const alice = makeKey(keys.dir, { type: "ed25519" });

describe("signed skills on a PostgreSQL store (needs PostgreSQL)", () => {
  it("records the signer on one host and verifies it again on another", async () => {
    const store = cluster.createDatabase();
    const dir = makeTempDir();
    const folder = join(dir, "greet");
    writeTree(folder, { "SKILL.md": skillFile("greet") });
    const trust = join(dir, "allowed_signers");
    writeFileSync(trust, allowedSignersLine("alice@example.com", alice));
    const one = makeRoots();
    const statement = await runBin(["digest", folder, "--statement", ...one.args]);
    writeFileSync(
      join(folder, "SKILL.sig"),
      signWithSshKeygen(alice, statement.stdout, "skillshelf"),
    );
    const imported = await runBin([
      "import",
      folder,
      "--require-signed",
      "--trust",
      trust,
      "--store",
      store,
      ...one.args,
    ]);
    expect(imported.code, imported.stderr).toBe(0);

    const other = makeRoots();
    const env = {
      SKILLSHELF_STORE: store,
      SKILLSHELF_TRUST: trust,
      SKILLSHELF_REQUIRE_SIGNED: "1",
    };
    const verified = await runBin(["verify", "--json", ...other.args], { env });
    expect(verified.code, verified.stderr).toBe(0);
    expect(parseJson(verified)).toMatchObject({
      skills: [
        {
          id: "greet",
          status: "unchanged",
          record: { signature: { principal: "alice@example.com", fingerprint: alice.fingerprint } },
          signature: { status: "signed", fingerprint: alice.fingerprint },
        },
      ],
    });
    // The other host trusts nobody: the record still says who signed, but verify does not vouch.
    writeFileSync(trust, "");
    const distrusting = await runBin(["verify", "--json", ...other.args], { env });
    expect(distrusting.code).toBe(1);
    expect(parseJson(distrusting)).toMatchObject({
      skills: [{ id: "greet", signature: { status: "untrusted" } }],
    });
  });
});
