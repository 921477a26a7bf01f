// The baseline server of the MCP benchmarks: the same SDK's low-level
// Server, declaring what skillshelf declares, answering `skills/list` (100
// entries a page, as skillshelf pages) and `resources/read` from answers
// held in memory (skillshelf's own, collected untimed). What is left between
// it and skillshelf is what skillshelf does per request beyond sending the
// bytes. Served over stdio by bench/child/mcp-memory-server.mjs, and in the
// bench process over the SDK's in-memory transport.

const PAGE_SIZE = 100;
const cache = { ttlMs: 60_000, cacheScope: "private" };

/**
 * A Server (not yet connected) over `answers`: { entries: SkillEntry[],
 * contents: { [uri]: { uri, mimeType, text | blob } } }, built with the
 * SDK's `Server`, its `types` module and zod's `z`.
 */
export function createMemoryServer({ Server, types, z }, { entries, contents }) {
  const server = new Server(
    { name: "memory", version: "0" },
    {
      capabilities: {
        resources: { listChanged: true },
        extensions: { "io.modelcontextprotocol/skills": { directoryRead: true } },
      },
    },
  );
  const listRequest = z.object({
    method: z.literal("skills/list"),
    params: z.unknown().optional(),
  });
  server.setRequestHandler(listRequest, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + PAGE_SIZE;
    return {
      resultType: "complete",
      skills: entries.slice(start, next),
      ...(next < entries.length ? { nextCursor: String(next) } : {}),
      ...cache,
    };
  });
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => {
    const found = contents[request.params.uri];
    if (found === undefined)
      throw new types.McpError(types.ErrorCode.InvalidParams, `no ${request.params.uri}`);
    return { contents: [found], ...cache };
  });
  return server;
}
