// /mcp over real HTTP with the SDK's client: every skill of both roots
// listed, every file of every skill read and held against the manifest's
// digest, a notice after an import by another client; and who may do what:
// a read-only token (named in the configuration, or minted from the admin
// token) reads the skills, /mcp and the payload and is answered 403 on every
// write, an unknown token 401 everywhere.
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { z } from "zod";
import { mintReadToken } from "../src/read-tokens.js";
import { tgzOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

const READ_TOKEN = "read-token-0123456789abcdef";

const Listing = z.looseObject({
  skills: z.array(
    z.object({
      uri: z.string(),
      frontmatter: z.record(z.string(), z.unknown()),
      resources: z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
    }),
  ),
  nextCursor: z.string().optional(),
});

const skillMd = (id: string): string =>
  `---\nname: ${id}\ndescription: Does ${id} for the tests\n---\n\n# ${id}\n`;

let server: TestServer;
beforeEach(async () => {
  server = await startServer({ readToken: READ_TOKEN });
  await mkdir(join(server.roots.builtin, "greet", "examples"), { recursive: true });
  await writeFile(join(server.roots.builtin, "greet", "SKILL.md"), skillMd("greet"));
  await writeFile(join(server.roots.builtin, "greet", "examples", "one.md"), "Hello, one.\n");
  const imported = await importSkill("pdf-tools", { "scripts/run.sh": "#!/bin/sh\necho pdf\n" });
  expect(imported.status).toBe(201);
});
afterEach(() => server.stop());

function importSkill(id: string, extra: Record<string, string> = {}, token = server.token) {
  const files: Record<string, string> = { [`${id}/SKILL.md`]: skillMd(id) };
  for (const [path, text] of Object.entries(extra)) files[`${id}/${path}`] = text;
  return fetch(`${server.url}/api/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
    body: tgzOf(id, files),
  });
}

async function clientWith(token: string): Promise<Client> {
  const client = new Client({ name: "skillshelf-test", version: "0.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  onTestFinished(() => client.close());
  return client;
}

/** Every skill listed, and every file of each read and checked against its digest and size. */
async function readEverything(client: Client): Promise<Record<string, string[]>> {
  const { skills } = await client.request({ method: "skills/list", params: {} }, Listing);
  const read: Record<string, string[]> = {};
  for (const skill of skills) {
    const paths: string[] = [];
    for (const file of skill.resources) {
      const { contents } = await client.readResource({ uri: file.uri });
      const content = contents[0]!;
      const bytes =
        "text" in content
          ? Buffer.from(content.text as string, "utf8")
          : Buffer.from(content.blob as string, "base64");
      expect(bytes.length).toBe(file.size);
      expect(`sha256:${createHash("sha256").update(bytes).digest("hex")}`).toBe(file.digest);
      paths.push(file.uri);
    }
    read[skill.uri] = paths;
  }
  return read;
}

const everything = {
  "skill://greet/SKILL.md": ["skill://greet/SKILL.md", "skill://greet/examples/one.md"],
  "skill://pdf-tools/SKILL.md": ["skill://pdf-tools/SKILL.md", "skill://pdf-tools/scripts/run.sh"],
};

describe("/mcp", () => {
  it.each([
    { name: "the admin token", token: () => server.token },
    { name: "SKILLSHELF_READ_TOKEN", token: () => READ_TOKEN },
    { name: "a minted read token", token: () => mintReadToken(server.token, "worker-1") },
  ])("serves every file of every skill, digests checked, to $name", async ({ token }) => {
    const client = await clientWith(token());
    expect(await readEverything(client)).toEqual(everything);
  });

  it("sends list_changed when another client imports, and lists the new skill", async () => {
    const client = await clientWith(READ_TOKEN);
    const heard = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
    );
    // The GET stream that carries notices opens after initialize; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await importSkill("later")).status).toBe(201);
    await heard;
    const { skills } = await client.request({ method: "skills/list", params: {} }, Listing);
    expect(skills.map((skill) => skill.uri)).toContain("skill://later/SKILL.md");
  });

  it("answers 401 to /mcp without a known token, before any MCP", async () => {
    for (const authorization of [
      undefined,
      "Bearer not-a-token-0123456789",
      `Bearer ${mintReadToken("another-admin-token-0123", "w")}`,
    ]) {
      const response = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(authorization === undefined ? {} : { authorization }),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
      expect(response.status).toBe(401);
      expect((await bodyOf(response)).refusal.code).toBe("unauthorized");
    }
  });
});

describe("a read-only token", () => {
  const tokens = [
    { name: "SKILLSHELF_READ_TOKEN", token: () => READ_TOKEN },
    { name: "a minted read token", token: () => mintReadToken(server.token, "worker-1") },
  ];

  it.each(tokens)("$name: 403 on imports and removals, nothing changed", async ({ token }) => {
    const imported = await importSkill("refused", {}, token());
    expect(imported.status).toBe(403);
    expect((await bodyOf(imported)).refusal.code).toBe("forbidden");
    const dry = await fetch(`${server.url}/api/imports?dry_run=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${token()}`, "content-type": "application/gzip" },
      body: tgzOf("dry", { "dry/SKILL.md": skillMd("dry") }),
    });
    expect(dry.status).toBe(403);
    const removed = await fetch(`${server.url}/api/skills/pdf-tools`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(removed.status).toBe(403);
    const listed = await fetch(`${server.url}/api/skills`, {
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(listed.status).toBe(200);
    const ids = ((await bodyOf(listed)).skills as { id: string }[]).map((skill) => skill.id);
    expect(ids).toEqual(["greet", "pdf-tools"]);
  });

  it.each(tokens)("$name: 200 on /api/payload, a skill, a file and /mcp", async ({ token }) => {
    const headers = { authorization: `Bearer ${token()}` };
    for (const path of [
      "/api/payload",
      "/api/skills/pdf-tools",
      "/api/skills/pdf-tools/files/scripts/run.sh",
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
    const mcp = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "curl", version: "1" },
        },
      }),
    });
    expect(mcp.status).toBe(200);
    await mcp.arrayBuffer();
  });
});
