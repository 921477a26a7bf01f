// Serving over stdio: the form an MCP host starts as a child process
// (`skillshelf mcp`). stdout carries only protocol messages. The server runs
// until the host closes stdin, and then until every request it read has its
// answer written, so a host that writes its requests and closes stdin at once
// still gets every answer.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createSkillsServer, type SkillsServerOptions } from "./server.js";
import type { SkillSource } from "./skill-source.js";

/** Serves `source` on this process's stdin and stdout; answers the connected server. */
export async function serveStdio(
  source: SkillSource,
  options: SkillsServerOptions = {},
): Promise<Server> {
  const server = createSkillsServer(source, options);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  let unanswered = 0;
  let ended = false;
  const closeWhenDone = (): void => {
    if (ended && unanswered === 0) void server.close();
  };
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ("method" in message && "id" in message) unanswered += 1;
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (!("method" in message) && "id" in message) {
      unanswered = Math.max(0, unanswered - 1);
      closeWhenDone();
    }
  };
  process.stdin.once("end", () => {
    ended = true;
    closeWhenDone();
  });
  return server;
}
