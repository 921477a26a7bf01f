// `skillshelf sync --require-signed` holds every skill a manifest names to
// the trust file as `import --require-signed` does, through the built binary
// on a real git repository and real ssh-keygen signatures: an unsigned
// skill refuses the sync with `unsigned`, nothing installed; a skill signed
// by a key the trust file does not hold refuses it with `untrusted-signer`;
// skills a trusted key signed install with the signer in their records, and
// a store that synced them before without the policy (no signer recorded)
// is brought to record it, plain and `--frozen`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitTree } from "@skillshelf/test-utils";
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
const mallory = makeKey(keys.dir, { type: "ed25519" });

/** A repository of two skills under skills/, a manifest naming it, and a trust file naming alice. */
function setUp() {
  const dir = makeTempDir("skillshelf-cli-sync-signed-");
  const repo = join(dir, "repo");
  writeTree(repo, {
    "skills/greet/SKILL.md": skillFile("greet"),
    "skills/notes/SKILL.md": skillFile("notes"),
  });
  const git = commitTree(repo);
  git("branch", "-M", "main");
  writeFileSync(
    join(dir, "skillshelf.json"),
    JSON.stringify({ skills: [{ source: `git+file://${repo}`, ref: "main", path: "skills" }] }),
  );
  writeFileSync(
    join(dir, "allowed_signers"),
    allowedSignersLine("alice@example.com", alice, 'namespaces="skillshelf"'),
  );
  const policy = ["--require-signed", "--trust", join(dir, "allowed_signers")];
  /** Signs each skill's tree statement with `key`, as a SKILL.sig beside it, and commits. */
  const sign = async (key: TestKey, ids: string[]): Promise<void> => {
    for (const id of ids) {
      const folder = join(repo, "skills", id);
      const printed = await runBin(["digest", folder, "--statement"]);
      expect(printed.code, printed.stderr).toBe(0);
      writeFileSync(
        join(folder, "SKILL.sig"),
        signWithSshKeygen(key, printed.stdout, "skillshelf"),
      );
    }
    git("add", "-A");
    git("commit", "-qm", `sign ${ids.join(" ")}`);
  };
  return { dir, policy, sign };
}

const offered = async (args: string[]) =>
  (parseJson(await runBin(["payload", "--json", ...args])).skills as { id: string }[]).map(
    (s) => s.id,
  );

const signers = async (args: string[], policy: string[]) =>
  (
    parseJson(await runBin(["verify", "--json", ...policy, ...args])).skills as {
      id: string;
      record: { signature?: { principal: string } };
    }[]
  ).map((s) => [s.id, s.record.signature?.principal]);

describe("skillshelf sync --require-signed", () => {
  it("refuses an unsigned skill and one signed by a key it does not trust, installing nothing", async () => {
    const { dir, policy, sign } = setUp();
    const { args } = makeRoots();
    const unsigned = await runBin(["sync", "--json", ...policy, ...args], { cwd: dir });
    expect(unsigned.code).toBe(1);
    expect(parseJson(unsigned)).toMatchObject({
      ok: false,
      refusal: { code: "unsigned", skill: "greet" },
    });
    await sign(alice, ["greet"]);
    await sign(mallory, ["notes"]);
    const untrusted = await runBin(["sync", ...policy, ...args], { cwd: dir });
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toContain("refused (untrusted-signer)");
    expect(untrusted.stderr).toContain("The skill 'notes' is signed by key");
    expect(await offered(args)).toEqual([]);
  });

  it("installs what alice signed with her in the records, and records her where a sync without the policy did not", async () => {
    const { dir, policy, sign } = setUp();
    await sign(alice, ["greet", "notes"]);
    const { args } = makeRoots();
    const synced = await runBin(["sync", ...policy, ...args], { cwd: dir });
    expect(synced.code, synced.stderr).toBe(0);
    expect(await signers(args, policy)).toEqual([
      ["greet", "alice@example.com"],
      ["notes", "alice@example.com"],
    ]);

    // A store synced with no trust file records no signer; the policy's sync records it.
    const before = makeRoots();
    const plain = await runBin(["sync", ...before.args], { cwd: dir });
    expect(plain.code, plain.stderr).toBe(0);
    expect(await signers(before.args, [])).toEqual([
      ["greet", undefined],
      ["notes", undefined],
    ]);
    const frozen = await runBin(["sync", "--frozen", "--json", ...policy, ...before.args], {
      cwd: dir,
    });
    expect(frozen.code, frozen.stderr).toBe(0);
    expect(parseJson(frozen)).toMatchObject({
      ok: true,
      skills: [
        { id: "greet", status: "replaced" },
        { id: "notes", status: "replaced" },
      ],
    });
    expect(await signers(before.args, policy)).toEqual([
      ["greet", "alice@example.com"],
      ["notes", "alice@example.com"],
    ]);
    const again = await runBin(["sync", "--json", ...policy, ...before.args], { cwd: dir });
    expect(parseJson(again)).toMatchObject({ ok: true, inStep: true });
    expect(await offered(before.args)).toEqual(["greet", "notes"]);
  });
});
