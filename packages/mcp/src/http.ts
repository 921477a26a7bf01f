// Serving over Streamable HTTP, as a handler the HTTP server mounts at
// `/mcp` (node:http, or Fastify through `reply.hijack()` and the raw
// request and response) behind its own host check and authentication.
// Stateless by default: each POST gets a fresh server and transport, which
// is all a host needs to list, get and read. With `sessions`, an
// `initialize` opens a session (`Mcp-Session-Id`) whose GET stream carries
// notifications/resources/list_changed; sessions are capped, and a request
// naming an unknown session is answered 404 as the transport asks.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createSkillsServer, type SkillsServerOptions } from "./server.js";
import type { SkillSource } from "./skill-source.js";

export type McpHttpOptions = SkillsServerOptions & {
  /** Keep a session per `initialize` (for change notifications); default false, stateless. */
  sessions?: boolean;
  /** Sessions open at once, when `sessions` (default 100); one more is answered 503. */
  maxSessions?: number;
};

export type McpHttpHandler = {
  /** Answers one request to the MCP endpoint; `body` is the parsed JSON when the caller already read it. */
  handle(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void>;
  /** Closes every open session. */
  close(): Promise<void>;
};

/** The handler of the MCP endpoint over `source`. */
export function createMcpHttpHandler(
  source: SkillSource,
  options: McpHttpOptions = {},
): McpHttpHandler {
  const handler =
    options.sessions === true ? sessionHandler(source, options) : statelessHandler(source, options);
  // The handler hears the store's changes while it is mounted, so the source
  // keeps its admissions from one request (a server of its own) to the next.
  const stop = source.subscribe(() => {});
  return {
    handle: handler.handle,
    async close() {
      await handler.close();
      stop();
    },
  };
}

function statelessHandler(source: SkillSource, options: McpHttpOptions): McpHttpHandler {
  return {
    async handle(request, response, body) {
      if (request.method !== "POST") {
        answerError(response, 405, "This endpoint is stateless: send each request as a POST.");
        return;
      }
      const server = createSkillsServer(source, options);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      response.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, body);
    },
    async close() {},
  };
}

function sessionHandler(source: SkillSource, options: McpHttpOptions): McpHttpHandler {
  const maxSessions = options.maxSessions ?? 100;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  return {
    async handle(request, response, body) {
      const named = request.headers["mcp-session-id"];
      const id = Array.isArray(named) ? named[0] : named;
      if (id !== undefined) {
        const transport = sessions.get(id);
        if (transport === undefined) {
          answerError(response, 404, "The session is unknown or closed; initialize again.");
          return;
        }
        await transport.handleRequest(request, response, body);
        return;
      }
      const message = body ?? (request.method === "POST" ? await readJson(request) : undefined);
      if (request.method !== "POST" || !isInitializeRequest(message)) {
        answerError(response, 400, "No session: open one with an initialize request.");
        return;
      }
      if (sessions.size >= maxSessions) {
        answerError(response, 503, "Too many open sessions; close one and retry.");
        return;
      }
      const server = createSkillsServer(source, options);
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
        void server.close();
      };
      await server.connect(transport);
      await transport.handleRequest(request, response, message);
      if (transport.sessionId === undefined) await server.close();
    },
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((transport) => transport.close()));
    },
  };
}

/** The largest request body read when the caller has not parsed it. */
const MAX_BODY_BYTES = 1_048_576;

/** The request's JSON body, or undefined when it is too large or not JSON. */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

function answerError(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(
    JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: text }, id: null }),
  );
}
