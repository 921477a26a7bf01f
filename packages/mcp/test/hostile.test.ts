// A client that does not play by the rules, against a real store served over
// Streamable HTTP on 127.0.0.1 (and stdio for the flood): every URI form that
// reaches outside a skill's manifest, unknown methods, cursors it made up,
// params of the wrong shape. Each is answered with a JSON-RPC error, nothing
// outside the store is read, and the server answers correctly afterwards.
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { skillSourceOf } from "../src/index.js";
import { httpClient, serveHttp, stdioClient } from "./support/clients.js";
import {
  DirectoryRead,
  errorOf,
  listAllSkills,
  readVerified,
  SkillsList,
} from "./support/protocol.js";
import { makeShelf, servedFiles } from "./support/shelf.js";

async function connect() {
  const shelf = await makeShelf();
  return { shelf, client: await httpClient(await serveHttp(skillSourceOf(shelf))) };
}

const Anything = z.unknown();

describe("resources/read refuses every URI outside a served skill's manifest", () => {
  it.each([
    ["skill://pdf-tools/../git-flow/SKILL.md", "invalid-uri"],
    ["skill://pdf-tools/%2E%2E/git-flow/SKILL.md", "invalid-uri"],
    ["skill://pdf-tools/references%2FFORMS.md", "invalid-uri"],
    ["skill://pdf-tools/references%5CFORMS.md", "invalid-uri"],
    ["skill://pdf-tools/..%2F..%2F..%2Fetc%2Fpasswd", "invalid-uri"],
    ["skill://pdf-tools/../../../../etc/passwd", "invalid-uri"],
    ["skill://.records/pdf-tools.json", "invalid-uri"],
    ["file:///etc/passwd", "invalid-uri"],
    ["skill://pdf-tools/SKILL.md?raw=1", "invalid-uri"],
    ["skill://pdf-tools/unlisted.md", "unknown-file"],
    ["skill://pdf-tools/hooks/pre-commit.sh", "unknown-file"],
    ["skill://pdf-tools/.records/pdf-tools.json", "unknown-file"],
    ["skill://pdf-tools/templates", "not-a-file"],
    ["skill://pdf-tools", "not-a-file"],
    ["skill://titled/SKILL.md", "mcp-unservable"],
    ["skill://mismatch/SKILL.md", "identity-mismatch"],
    ["skill://nowhere/SKILL.md", "unknown-skill"],
  ])("%s: %s", async (uri, code) => {
    const { client } = await connect();
    const error = await errorOf(client.readResource({ uri }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.data).toMatchObject({ code });
  });
});

describe("resources/directory/read lists a skill's directories and nothing else", () => {
  it("lists the direct children of the root and of a subdirectory", async () => {
    const { client } = await connect();
    const root = await client.request(
      { method: "resources/directory/read", params: { uri: "skill://pdf-tools" } },
      DirectoryRead,
    );
    expect(root.resources.map((r) => [r.name, r.mimeType])).toEqual([
      ["SKILL.md", "text/markdown"],
      ["données", "inode/directory"],
      ["notes with space.txt", "text/plain"],
      ["references", "inode/directory"],
      ["scripts", "inode/directory"],
      ["templates", "inode/directory"],
    ]);
    const templates = await client.request(
      { method: "resources/directory/read", params: { uri: "skill://pdf-tools/templates" } },
      DirectoryRead,
    );
    expect(templates.resources.map((r) => r.uri)).toEqual([
      "skill://pdf-tools/templates/invoice.md",
      "skill://pdf-tools/templates/regional",
    ]);
  });

  it.each([
    ["skill://pdf-tools/SKILL.md", "not-a-directory"],
    ["skill://pdf-tools/nowhere", "not-a-directory"],
    ["skill://pdf-tools/templates/", "invalid-uri"],
    ["skill://pdf-tools/..", "invalid-uri"],
    ["skill://pdf-tools/templates%2Fregional", "invalid-uri"],
    ["skill://mismatch", "identity-mismatch"],
  ])("%s: %s", async (uri, code) => {
    const { client } = await connect();
    const error = await errorOf(
      client.request({ method: "resources/directory/read", params: { uri } }, Anything),
    );
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.data).toMatchObject({ code });
  });
});

describe("malformed requests", () => {
  it.each([
    ["an unknown method", { method: "skills/delete", params: {} }, ErrorCode.MethodNotFound],
    [
      "a made-up cursor",
      { method: "skills/list", params: { cursor: "bm90LW91cnM" } },
      ErrorCode.InvalidParams,
    ],
    [
      "a cursor that is not base64url",
      { method: "skills/list", params: { cursor: "!!!" } },
      ErrorCode.InvalidParams,
    ],
    ["an empty cursor", { method: "skills/list", params: { cursor: "" } }, ErrorCode.InvalidParams],
    [
      "an oversized cursor",
      { method: "skills/list", params: { cursor: "A".repeat(1_000_000) } },
      ErrorCode.InvalidParams,
    ],
    [
      "a cursor that is a number",
      { method: "skills/list", params: { cursor: 7 } },
      ErrorCode.InvalidParams,
    ],
    [
      "a made-up resources/list cursor",
      { method: "resources/list", params: { cursor: "x" } },
      ErrorCode.InvalidParams,
    ],
    [
      "a made-up directory cursor",
      { method: "resources/directory/read", params: { uri: "skill://pdf-tools", cursor: "x" } },
      ErrorCode.InvalidParams,
    ],
    ["skills/get without a uri", { method: "skills/get", params: {} }, ErrorCode.InvalidParams],
    [
      "skills/get with a uri that is not text",
      { method: "skills/get", params: { uri: ["x"] } },
      ErrorCode.InvalidParams,
    ],
    [
      "skills/get of a file that is not SKILL.md",
      { method: "skills/get", params: { uri: "skill://pdf-tools/scripts/fill.py" } },
      ErrorCode.InvalidParams,
    ],
    [
      "skills/get of a skill's directory",
      { method: "skills/get", params: { uri: "skill://pdf-tools" } },
      ErrorCode.InvalidParams,
    ],
  ])("%s is an error, and the server answers on", async (_case, request, code) => {
    const { client } = await connect();
    const error = await errorOf(client.request(request, Anything));
    expect(error.code).toBe(code);
    const page = await client.request({ method: "skills/list", params: {} }, SkillsList);
    expect(page.skills).toHaveLength(3);
  });
});

describe("a flood of reads", () => {
  it("answers 1,000 concurrent reads on one stdio connection, each byte-exact", async () => {
    const shelf = await makeShelf();
    const client = await stdioClient(shelf.builtin, shelf.managedDir);
    const resources = (await listAllSkills(client)).flatMap((entry) =>
      entry.resources.map((resource) => ({ id: entry.frontmatter.name as string, resource })),
    );
    const started = performance.now();
    const reads = await Promise.all(
      Array.from({ length: 1000 }, async (_, i) => {
        const { id, resource } = resources[i % resources.length]!;
        const path = decodeURIComponent(resource.uri.slice(`skill://${id}/`.length));
        return (await readVerified(client, resource)) === servedFiles[id]![path];
      }),
    );
    const took = performance.now() - started;
    expect(reads.filter(Boolean)).toHaveLength(1000);
    console.log(`1,000 concurrent reads over stdio: ${Math.round(took)} ms`);
  });

  it("answers 200 concurrent reads over stateless HTTP, each byte-exact", async () => {
    const { client } = await connect();
    const [pdf] = (await listAllSkills(client)).filter((e) => e.uri.includes("pdf-tools"));
    const reads = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        readVerified(client, pdf!.resources[i % pdf!.resources.length]!),
      ),
    );
    expect(reads).toHaveLength(200);
  });
});
