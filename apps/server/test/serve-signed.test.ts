// The signature policy at serve time over real HTTP on 127.0.0.1 and the MCP
// SDK's client: a server whose trust is SKILLSHELF_REQUIRE_SIGNED=1 and an
// allowed_signers file (decided by the shelf's decideTrust from that
// environment) withholds from GET /api/payload and /mcp an unsigned managed
// skill, an unsigned builtin skill and one signed by a key outside the trust
// file, naming the code (and the key); GET /api/skills and the MCP entries'
// `_meta` name who signed the skills served. Keys and signatures are made
// by ssh-keygen; the managed skills are imported over HTTP with their
// SKILL.sig, by a server without the policy, into the store the second
// server serves.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { decideTrust } from "@skillshelf/shelf";
import {
  allowedSignersLine,
  makeKey,
  makeKeyDir,
  signWithSshKeygen,
  type TestKey,
} from "@skillshelf/test-utils/ssh-keygen";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { z } from "zod";
import { tgzOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

const keys = makeKeyDir();
afterAll(keys.remove);
const alice = makeKey(keys.dir, { type: "ed25519" });
const mallory = makeKey(keys.dir, { type: "rsa", bits: 2048 });

const SIGNER = "io.modelcontextprotocol.skills/signer";
const Entry = z.looseObject({
  uri: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
const Listing = z.looseObject({ skills: z.array(Entry) });
const Got = z.looseObject({ skill: Entry });

const skillMd = (id: string): string =>
  `---\nname: ${id}\ndescription: Does ${id} for the tests\n---\n\n# ${id}\n`;

const statementOf = (id: string, treeDigest: string): string =>
  `skillshelf-tree-v1 ${id} ${treeDigest}\n`;

/** Imports `id` (signed by `key`, when given) into the server's managed store over HTTP. */
async function importSkill(server: TestServer, id: string, key?: TestKey): Promise<void> {
  const files = { [`${id}/SKILL.md`]: skillMd(id), [`${id}/notes.md`]: `${id}\n` };
  const post = (body: Uint8Array, query = "") =>
    fetch(`${server.url}/api/imports${query}`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/gzip" },
      body,
    });
  if (key !== undefined) {
    const checked = await bodyOf(await post(tgzOf(id, files), "?dry_run=1"));
    const treeDigest = checked.skills[0].treeDigest as string;
    files[`${id}/SKILL.sig`] = signWithSshKeygen(key, statementOf(id, treeDigest), "skillshelf");
  }
  expect((await post(tgzOf(id, files))).status).toBe(201);
}

/**
 * A server under the policy: managed `greet` (signed by alice), `plain`
 * (unsigned) and `rogue` (signed by mallory, outside the trust file);
 * builtin `house` (signed by alice) and `notes` (unsigned).
 */
async function setUp(): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-serve-signed-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const managedDir = join(dir, "skills");
  await mkdir(managedDir);
  const importer = await startServer({ managedDir });
  await importSkill(importer, "greet", alice);
  await importSkill(importer, "plain");
  await importSkill(importer, "rogue", mallory);
  await importer.stop();

  const trustFile = join(dir, "allowed_signers");
  await writeFile(trustFile, allowedSignersLine("alice@example.com", alice));
  const env = { SKILLSHELF_REQUIRE_SIGNED: "1", SKILLSHELF_TRUST: trustFile };
  const decided = await decideTrust({}, env, dir);
  if (!decided.ok) throw new Error(JSON.stringify(decided.refusal));
  const server = await startServer({ managedDir, trust: decided.trust });
  onTestFinished(() => server.stop());
  for (const id of ["house", "notes"]) {
    await mkdir(join(server.roots.builtin, id));
    await writeFile(join(server.roots.builtin, id, "SKILL.md"), skillMd(id));
  }
  // The builtin tree's digest, as the server describes it, signed in place.
  const house = await bodyOf(await get(server, "/api/skills/house"));
  const signature = signWithSshKeygen(
    alice,
    statementOf("house", house.skill.treeDigest),
    "skillshelf",
  );
  await writeFile(join(server.roots.builtin, "house", "SKILL.sig"), signature);
  return server;
}

const get = (server: TestServer, path: string) =>
  fetch(`${server.url}${path}`, { headers: server.auth });

async function mcpClient(server: TestServer): Promise<Client> {
  const client = new Client({ name: "skillshelf-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: server.auth },
    }),
  );
  onTestFinished(() => client.close());
  return client;
}

const signedByAlice = {
  principal: "alice@example.com",
  fingerprint: alice.fingerprint,
  algorithm: "ssh-ed25519",
};

describe("SKILLSHELF_REQUIRE_SIGNED=1 on the server", () => {
  it("withholds unsigned and untrusted skills from /api/payload and /mcp; names the signer", async () => {
    const server = await setUp();

    const built = await bodyOf(await get(server, "/api/payload"));
    expect(built.skills.map((skill: { id: string }) => skill.id)).toEqual(["greet", "house"]);
    expect(built.refused.map(({ id, code }: { id: string; code: string }) => [id, code])).toEqual([
      ["notes", "unsigned"],
      ["plain", "unsigned"],
      ["rogue", "untrusted-signer"],
    ]);
    expect(built.refused[2].reason).toContain(`key ${mallory.fingerprint}`);

    const listed = await bodyOf(await get(server, "/api/skills"));
    const signers = Object.fromEntries(
      listed.skills.map((skill: { id: string; signer?: unknown }) => [skill.id, skill.signer]),
    );
    expect(signers).toEqual({
      greet: signedByAlice,
      house: signedByAlice,
      notes: undefined,
      plain: undefined,
      rogue: undefined,
    });
    expect(listed.withheld.map(({ id, code }: { id: string; code: string }) => [id, code])).toEqual(
      [
        ["notes", "unsigned"],
        ["plain", "unsigned"],
        ["rogue", "untrusted-signer"],
      ],
    );

    const client = await mcpClient(server);
    const { skills } = await client.request({ method: "skills/list", params: {} }, Listing);
    expect(skills.map((entry) => [entry.uri, entry._meta?.[SIGNER]])).toEqual([
      ["skill://greet/SKILL.md", signedByAlice],
      ["skill://house/SKILL.md", signedByAlice],
    ]);
    const got = await client.request(
      { method: "skills/get", params: { uri: "skill://greet/SKILL.md" } },
      Got,
    );
    expect(got.skill._meta).toEqual({ [SIGNER]: signedByAlice });
    for (const [id, code] of [
      ["notes", "unsigned"],
      ["plain", "unsigned"],
      ["rogue", "untrusted-signer"],
    ]) {
      const refused = await client
        .request({ method: "skills/get", params: { uri: `skill://${id}/SKILL.md` } }, Got)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(McpError);
      expect((refused as McpError).data).toMatchObject({ code });
    }
    const read = await client.readResource({ uri: "skill://plain/notes.md" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((read as McpError).data).toMatchObject({ code: "unsigned" });
    const { contents } = await client.readResource({ uri: "skill://greet/notes.md" });
    expect(contents[0]).toMatchObject({ text: "greet\n" });
  });
});
