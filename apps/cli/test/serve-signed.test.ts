// @module-tag heavy
// The signature policy at serve time, through the built binary: with
// SKILLSHELF_REQUIRE_SIGNED=1 and a trust file, `payload` (answer, --out,
// --files) hands a worker only skills whose tree a trusted key signed,
// builtin and managed alike, and lists the rest under `refused` as
// `unsigned` or `untrusted-signer` (naming the key); `list` and `show` name
// the signer. Keys and signatures are made by ssh-keygen.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
const mallory = makeKey(keys.dir, { type: "ecdsa" });

type Shelf = { args: string[]; dir: string; trust: string; policy: Record<string, string> };

async function sign(folder: string, key: TestKey, args: string[]): Promise<void> {
  const statement = await runBin(["digest", folder, "--statement", ...args]);
  expect(statement.code, statement.stderr).toBe(0);
  writeFileSync(join(folder, "SKILL.sig"), signWithSshKeygen(key, statement.stdout, "skillshelf"));
}

/**
 * Builtin `house` (signed by alice) and `notes` (unsigned); managed `greet`
 * (signed by alice), `plain` (unsigned) and `rogue` (signed by mallory, whom
 * the trust file does not list), each imported with its record.
 */
async function setUp(): Promise<Shelf> {
  const { args, workspace } = makeRoots();
  const dir = makeTempDir("skillshelf-cli-serve-signed-");
  const trust = join(dir, "allowed_signers");
  writeFileSync(trust, allowedSignersLine("alice@example.com", alice));
  writeTree(join(workspace, "skills"), {
    "house/SKILL.md": skillFile("house"),
    "notes/SKILL.md": skillFile("notes"),
  });
  await sign(join(workspace, "skills", "house"), alice, args);
  for (const id of ["greet", "plain", "rogue"]) {
    writeTree(join(dir, "src", id), { "SKILL.md": skillFile(id), "notes.md": `${id}\n` });
  }
  await sign(join(dir, "src", "greet"), alice, args);
  await sign(join(dir, "src", "rogue"), mallory, args);
  for (const id of ["greet", "plain", "rogue"]) {
    const imported = await runBin(["import", join(dir, "src", id), "--trust", trust, ...args]);
    expect(imported.code, imported.stderr).toBe(0);
  }
  const policy = { SKILLSHELF_REQUIRE_SIGNED: "1", SKILLSHELF_TRUST: trust };
  return { args, dir, trust, policy };
}

type Refused = { id: string; code: string; reason: string };
const idsOf = (skills: { id: string }[]) => skills.map((skill) => skill.id);

function expectWithheld(refused: Refused[]): void {
  expect(refused.map(({ id, code }) => [id, code])).toEqual([
    ["notes", "unsigned"],
    ["plain", "unsigned"],
    ["rogue", "untrusted-signer"],
  ]);
  const rogue = refused.find((skill) => skill.id === "rogue")!;
  expect(rogue.reason).toContain(`key ${mallory.fingerprint}`);
  expect(rogue.reason).toContain("it is not in allowed_signers");
  expect(refused[0]!.reason).toContain("The skill 'notes' carries no SKILL.sig");
}

describe("SKILLSHELF_REQUIRE_SIGNED=1 at serve time", () => {
  it("payload hands a worker only what a trusted key signed, builtin and managed", async () => {
    const shelf = await setUp();
    const run = await runBin(["payload", "--json", ...shelf.args], { env: shelf.policy });
    expect(run.code, run.stderr).toBe(0);
    const answer = parseJson(run) as { skills: { id: string }[]; refused: Refused[] };
    expect(idsOf(answer.skills)).toEqual(["greet", "house"]);
    expectWithheld(answer.refused);

    // Without the policy, the same trust file withholds nothing.
    const open = parseJson(
      await runBin(["payload", "--json", "--trust", shelf.trust, ...shelf.args]),
    ) as { skills: { id: string }[]; refused: Refused[] };
    expect(idsOf(open.skills)).toEqual(["greet", "house", "notes", "plain", "rogue"]);
    expect(open.refused).toEqual([]);

    // --out and --files write only the signed skills.
    const out = join(makeTempDir("skillshelf-cli-serve-out-"), "out");
    const written = await runBin(["payload", "--out", out, ...shelf.args], { env: shelf.policy });
    expect(written.code, written.stderr).toBe(0);
    const file = JSON.parse(readFileSync(join(out, "skills.json"), "utf8")) as {
      skills: { id: string }[];
      refused: Refused[];
    };
    expect(idsOf(file.skills)).toEqual(["greet", "house"]);
    expectWithheld(file.refused);

    const files = join(makeTempDir("skillshelf-cli-serve-files-"), "files");
    const fetched = await runBin(["payload", "--files", files, ...shelf.args], {
      env: shelf.policy,
    });
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(readdirSync(files).sort()).toEqual(["greet", "house"]);
    // SKILL.sig is not part of the tree a worker is handed.
    expect(existsSync(join(files, "greet", "SKILL.sig"))).toBe(false);
    expect(readFileSync(join(files, "greet", "notes.md"), "utf8")).toBe("greet\n");
  });

  it("list names the signer in a column and in --json, and marks what is withheld", async () => {
    const shelf = await setUp();
    const json = parseJson(
      await runBin(["list", "--json", ...shelf.args], { env: shelf.policy }),
    ) as {
      index: { id: string; signer?: { principal: string; fingerprint: string } }[];
      withheld: Refused[];
    };
    const signers = Object.fromEntries(json.index.map((skill) => [skill.id, skill.signer]));
    const signedByAlice = {
      principal: "alice@example.com",
      fingerprint: alice.fingerprint,
      algorithm: "ssh-ed25519",
    };
    expect(signers).toEqual({
      greet: signedByAlice,
      house: signedByAlice,
      notes: undefined,
      plain: undefined,
      rogue: undefined,
    });
    expectWithheld(json.withheld);

    const table = await runBin(["list", ...shelf.args], { env: shelf.policy });
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+ORIGIN\s+BODY\s+TREE\s+DIGEST\s+SIGNER\s+DESCRIPTION$/);
    expect(lines[1]).toMatch(
      /^greet\s+managed\s+\d+ B\s+\d+ B\s+[0-9a-f]{12}\s+alice@example\.com(\s|$)/,
    );
    expect(lines[2]).toMatch(
      /^house\s+builtin\s+\d+ B\s+\d+ B\s+[0-9a-f]{12}\s+alice@example\.com(\s|$)/,
    );
    expect(lines[5]).toMatch(/^rogue\s+managed\s+\d+ B\s+\d+ B\s+[0-9a-f]{12}\s+-(\s|$)/);
    expect(table.stdout).toMatch(/\n {2}rogue\s+untrusted-signer\s+The skill 'rogue' is signed by/);

    // No trust file and no policy: no signature is checked, so no column.
    const plain = await runBin(["list", ...shelf.args]);
    expect(plain.stdout.split("\n")[0]).toMatch(
      /^ID\s+ORIGIN\s+BODY\s+TREE\s+DIGEST\s+DESCRIPTION$/,
    );

    // show names the signer of a builtin skill.
    const shown = await runBin(["show", "house", "--trust", shelf.trust, ...shelf.args]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      `signed by alice@example.com (${alice.fingerprint}, ssh-ed25519)`,
    );
  });
});
