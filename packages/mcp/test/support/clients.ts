// SDK clients of the server under test, each over a real transport: a child
// process speaking stdio (the built package, as a host starts it), and
// Streamable HTTP on 127.0.0.1 (a node:http server mounting the handler at
// /mcp). Both are closed when the test ends.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { onTestFinished } from "vitest";
import { createMcpHttpHandler, type McpHttpOptions, type SkillSource } from "../../src/index.js";

const SCRIPT = fileURLToPath(new URL("./serve-stdio.mjs", import.meta.url));

const newClient = (): Client => new Client({ name: "skillshelf-test", version: "0.0.0" });

/** A client connected to `serve-stdio.mjs <builtin> <managed>` in a child process. */
export async function stdioClient(builtin: string, managed: string): Promise<Client> {
  const client = newClient();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SCRIPT, builtin, managed],
    stderr: "pipe",
  });
  await client.connect(transport);
  onTestFinished(() => client.close());
  return client;
}

/** An HTTP server on 127.0.0.1 serving `source` at /mcp; answers its URL. */
export async function serveHttp(source: SkillSource, options: McpHttpOptions = {}): Promise<URL> {
  const handler = createMcpHttpHandler(source, options);
  const server = createServer((request, response) => {
    if (new URL(request.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") {
      response.writeHead(404).end();
      return;
    }
    handler.handle(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

/** A client connected over Streamable HTTP to `url`. */
export async function httpClient(url: URL): Promise<Client> {
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(url));
  onTestFinished(() => client.close());
  return client;
}
