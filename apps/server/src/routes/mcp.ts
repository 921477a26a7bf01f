// /mcp: the offered skills over MCP's Streamable HTTP, the same server
// `skillshelf mcp` runs over stdio (the shelf's `skills`, @skillshelf/mcp's
// handler). It sits behind the Host check and the token like /api (a
// read-only token may use it: it serves reads only). Each `initialize` opens
// a session whose GET stream carries notifications/resources/list_changed on
// every change the store reports. The JSON body is parsed here, within 1 MiB;
// the handler then writes to the raw response, so the reply is hijacked.
import { createMcpHttpHandler } from "@skillshelf/mcp";
import type { Shelf } from "@skillshelf/shelf";
import type { FastifyInstance } from "fastify";

/** The largest JSON-RPC request body taken. */
const MAX_MCP_BODY_BYTES = 1_048_576;

/** Registers GET, POST and DELETE /mcp. */
export async function registerMcpRoute(app: FastifyInstance, shelf: Shelf): Promise<void> {
  const version = shelf.tool.split(" ").at(-1) ?? "0.0.0";
  const mcp = createMcpHttpHandler(shelf.skills, { sessions: true, name: "skillshelf", version });
  app.addHook("preClose", async () => mcp.close());
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: MAX_MCP_BODY_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch (error) {
          (error as Error & { statusCode?: number }).statusCode = 400;
          done(error as Error, undefined);
        }
      },
    );
    scope.route({
      method: ["GET", "POST", "DELETE"],
      url: "/mcp",
      handler: async (request, reply) => {
        reply.hijack();
        await mcp.handle(request.raw, reply.raw, request.body);
      },
    });
  });
}
