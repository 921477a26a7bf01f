// Serving over stdio: the form an MCP host starts as a child process
// (`skillshelf mcp`). stdout carries only protocol messages; the server runs
// until the host closes stdin.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createSkillsServer, type SkillsServerOptions } from "./server.js";
import type { SkillSource } from "./skill-source.js";

/** Serves `source` on this process's stdin and stdout; answers the connected server. */
export async function serveStdio(
  source: SkillSource,
  options: SkillsServerOptions = {},
): Promise<Server> {
  const server = createSkillsServer(source, options);
  await server.connect(new StdioServerTransport());
  return server;
}
