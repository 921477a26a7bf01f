// The signature policy at serve time through the shelf, on real signatures
// (keys and `ssh-keygen -Y sign`): a shelf opened with
// SKILLSHELF_REQUIRE_SIGNED=1 and a trust file serves, through the MCP
// source (`shelf.skills`, what `skillshelf mcp` and /mcp serve) and the
// payload watch, only skills whose tree a trusted key signed, builtin and
// managed alike, and names their signer; the rest are refused `unsigned`.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
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

async function shelfIn(dir: string, env: Env = {}): Promise<Shelf> {
  const opened = await openShelf(
    { workspace: join(dir, "ws"), data: join(dir, "data"), tool: "test 1.0.0" },
    env,
    dir,
  );
  if (!opened.ok) throw new Error(`${opened.refusal.code}: ${opened.refusal.detail}`);
  onTestFinished(() => opened.shelf.close());
  return opened.shelf;
}

const skillMd = (id: string): string =>
  `---\nname: ${id}\ndescription: Does ${id}\n---\n\n# ${id}\n`;

async function sign(shelf: Shelf, folder: string, key: TestKey): Promise<void> {
  const digest = await shelf.digest({ kind: "path", path: folder });
  if (!digest.ok) throw new Error(digest.refusal.code);
  const statement = digest.skills[0]!.statement;
  writeFileSync(join(folder, "SKILL.sig"), signWithSshKeygen(key, statement, "skillshelf"));
}

/** Builtin `house` (signed by alice) and `notes`; managed `greet` (signed by alice) and `plain`. */
async function setUp(): Promise<{ dir: string; shelf: Shelf }> {
  const dir = makeTempDir();
  const trust = join(dir, "allowed_signers");
  writeFileSync(trust, allowedSignersLine("alice@example.com", alice));
  const importer = await shelfIn(dir);
  writeTree(join(dir, "ws", "skills"), {
    "house/SKILL.md": skillMd("house"),
    "notes/SKILL.md": skillMd("notes"),
  });
  await sign(importer, join(dir, "ws", "skills", "house"), alice);
  for (const id of ["greet", "plain"]) {
    writeTree(join(dir, "src", id), { "SKILL.md": skillMd(id), "a.md": `${id}\n` });
  }
  await sign(importer, join(dir, "src", "greet"), alice);
  for (const id of ["greet", "plain"]) {
    const imported = await importer.import({ kind: "path", path: join(dir, "src", id) });
    expect(imported.ok).toBe(true);
  }
  const shelf = await shelfIn(dir, { SKILLSHELF_REQUIRE_SIGNED: "1", SKILLSHELF_TRUST: trust });
  return { dir, shelf };
}

const signer = {
  principal: "alice@example.com",
  fingerprint: alice.fingerprint,
  algorithm: "ssh-ed25519",
};

describe("requireSigned at serve time", () => {
  it("the MCP source serves only signed skills, each with its signer", async () => {
    const { shelf } = await setUp();
    const listed = await shelf.skills.list();
    expect(listed.skills.map((skill) => [skill.id, skill.signer])).toEqual([
      ["greet", signer],
      ["house", signer],
    ]);
    expect(listed.refused.map(({ id, code }) => [id, code]).sort()).toEqual([
      ["notes", "unsigned"],
      ["plain", "unsigned"],
    ]);
    expect(await shelf.skills.get("plain")).toMatchObject({ ok: false, code: "unsigned" });
    expect(await shelf.skills.readFile("notes", "SKILL.md")).toMatchObject({
      ok: false,
      code: "unsigned",
    });
    const read = await shelf.skills.readFile("greet", "a.md");
    expect(read.ok && Buffer.from(read.bytes).toString()).toBe("greet\n");
  });

  it("the payload watch writes only signed skills", async () => {
    const { dir, shelf } = await setUp();
    const out = join(dir, "out");
    const controller = new AbortController();
    const events: string[] = [];
    await shelf.watchPayload(out, {
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event.kind);
        controller.abort();
      },
    });
    expect(events).toEqual(["written"]);
    const written = JSON.parse(readFileSync(join(out, "skills.json"), "utf8")) as {
      skills: { id: string }[];
      refused: { id: string; code: string }[];
    };
    expect(written.skills.map((skill) => skill.id)).toEqual(["greet", "house"]);
    expect(written.refused.map(({ id, code }) => [id, code])).toEqual([
      ["notes", "unsigned"],
      ["plain", "unsigned"],
    ]);
  });
});
