// Serving over stdio: the form an MCP host starts as a child process
// (`skillshelf mcp`). stdout carries only protocol messages. The server runs
// until the host closes stdin, and then until every request it read has its
// answer written, so a host that writes its requests and closes stdin at once
// still gets every answer. A host that sends requests and does not read the
// answers must not make the server hold them all: at most MAX_IN_FLIGHT
// requests are answered at once (an answer waits while stdout's pipe is
// full); what arrives beyond them waits, still unparsed by the server, and
// stdin is no longer read until half of them are written, so the unread
// requests wait in the pipe and in the host, not in this process.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createSkillsServer, type SkillsServerOptions } from "./server.js";
import type { SkillSource } from "./skill-source.js";

/** Requests read and not yet answered before stdin is paused. */
export const MAX_IN_FLIGHT = 64;

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
  let paused = false;
  // Messages read while MAX_IN_FLIGHT requests are being answered, in order (one read's worth at most).
  const waiting: JSONRPCMessage[] = [];
  const closeWhenDone = (): void => {
    if (ended && unanswered === 0 && waiting.length === 0) void server.close();
  };
  const receive = transport.onmessage;
  const dispatch = (message: JSONRPCMessage): void => {
    if ("method" in message && "id" in message) unanswered += 1;
    receive?.(message);
  };
  transport.onmessage = (message: JSONRPCMessage) => {
    const isRequest = "method" in message && "id" in message;
    if (waiting.length === 0 && !(isRequest && unanswered >= MAX_IN_FLIGHT)) {
      dispatch(message);
      return;
    }
    waiting.push(message);
    if (!paused) {
      paused = true;
      process.stdin.pause();
    }
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (!("method" in message) && "id" in message) {
      unanswered = Math.max(0, unanswered - 1);
      while (waiting.length > 0 && unanswered < MAX_IN_FLIGHT) dispatch(waiting.shift()!);
      if (paused && waiting.length === 0 && unanswered <= MAX_IN_FLIGHT / 2) {
        paused = false;
        process.stdin.resume();
      }
      closeWhenDone();
    }
  };
  process.stdin.once("end", () => {
    ended = true;
    closeWhenDone();
  });
  return server;
}
