// The README's "Agents over MCP" configurations, started as written: the
// `mcpServers` JSON blocks are read from README.md, and each is started the
// way a host would (the stdio one as a child process, `skillshelf` being the
// built CLI and its directories temporary ones; the HTTP one against a real
// server, with its port and `${SKILLSHELF_READ_TOKEN}` filled in), and an SDK
// client lists the skills through it and reads one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { expect, it, onTestFinished } from "vitest";
import { z } from "zod";
import { mintReadToken } from "../src/read-tokens.js";
import { startServer } from "./support/server.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const cliBin = join(repo, "apps/cli/dist/bin.js");

type Configured = {
  command?: string;
  args?: string[];
  type?: string;
  url?: string;
  headers?: Record<string, string>;
};

/** The `skillshelf` entry of every `mcpServers` JSON block of the README's MCP section. */
function configurations(): Configured[] {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Agents over MCP"));
  const blocks = [...section.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((match) =>
    JSON.parse(match[1]!),
  );
  return blocks
    .filter((block) => block.mcpServers !== undefined)
    .map((block) => block.mcpServers.skillshelf as Configured);
}

const Listing = z.looseObject({
  skills: z.array(z.object({ uri: z.string(), resources: z.array(z.object({ uri: z.string() })) })),
});

const SKILL = "---\nname: greet\ndescription: Say hello\n---\n\n# greet\n";

async function listAndRead(client: Client): Promise<{ uris: string[]; text: unknown }> {
  onTestFinished(() => client.close());
  const { skills } = await client.request({ method: "skills/list", params: {} }, Listing);
  const read = await client.readResource({ uri: "skill://greet/SKILL.md" });
  const content = read.contents[0];
  return {
    uris: skills.map((skill) => skill.uri),
    text: content !== undefined && "text" in content ? content.text : undefined,
  };
}

it("the README holds one stdio and one HTTP configuration", () => {
  const found = configurations();
  expect(found.map((c) => (c.command === undefined ? c.type : "stdio"))).toEqual(["stdio", "http"]);
});

it("the stdio configuration serves the workspace's skills", async () => {
  const stdio = configurations().find((c) => c.command !== undefined)!;
  expect(stdio.command).toBe("skillshelf");
  const workspace = makeTempDir();
  const data = makeTempDir();
  writeTree(join(workspace, "skills"), { "greet/SKILL.md": SKILL });
  // The README's directories are an operator's; each `--workspace`/`--data` value becomes a temporary one.
  const args = stdio.args!.map((arg, i, all) =>
    all[i - 1] === "--workspace" ? workspace : all[i - 1] === "--data" ? data : arg,
  );
  expect(args.filter((arg) => arg.startsWith("/srv/"))).toEqual([]);
  const client = new Client({ name: "readme-host", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cliBin, ...args],
      stderr: "pipe",
    }),
  );
  expect(await listAndRead(client)).toEqual({ uris: ["skill://greet/SKILL.md"], text: SKILL });
});

it("the HTTP configuration reaches /mcp with a read-only token", async () => {
  const http = configurations().find((c) => c.type === "http")!;
  const server = await startServer();
  onTestFinished(() => server.stop());
  writeTree(server.roots.builtin, { "greet/SKILL.md": SKILL });
  const url = new URL(http.url!);
  expect(url.pathname).toBe("/mcp");
  url.port = new URL(server.url).port;
  const readToken = mintReadToken(server.token, "readme-worker");
  const headers = Object.fromEntries(
    Object.entries(http.headers ?? {}).map(([name, value]) => [
      name,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the README's placeholder, which a host expands from its environment.
      value.replace("${SKILLSHELF_READ_TOKEN}", readToken),
    ]),
  );
  expect(headers).toEqual({ Authorization: `Bearer ${readToken}` });
  const client = new Client({ name: "readme-host", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  expect(await listAndRead(client)).toEqual({ uris: ["skill://greet/SKILL.md"], text: SKILL });
});
