// The baseline of the MCP benchmarks over stdio: the same SDK's low-level
// Server, declaring what skillshelf declares, answering `skills/list` (100
// entries a page, as skillshelf pages) and `resources/read` from bytes held
// in memory, loaded once at start from a JSON file the bench wrote from
// skillshelf's own answers. What is left between the two is what skillshelf
// does per request beyond sending the bytes.
//
// usage: node mcp-memory-server.mjs <answers.json>
//   answers.json: { entries: SkillEntry[], contents: { [uri]: { uri, mimeType, text | blob } } }

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const MCP_PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "packages", "mcp");
const SDK = join(MCP_PACKAGE, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm");
const load = (path) => import(pathToFileURL(path).href);
const [{ Server }, { StdioServerTransport }, types, { z }] = await Promise.all([
  load(join(SDK, "server", "index.js")),
  load(join(SDK, "server", "stdio.js")),
  load(join(SDK, "types.js")),
  load(join(MCP_PACKAGE, "node_modules", "zod", "index.js")),
]);

const PAGE_SIZE = 100;
const cache = { ttlMs: 60_000, cacheScope: "private" };
const { entries, contents } = JSON.parse(readFileSync(process.argv[2], "utf8"));

const server = new Server(
  { name: "memory", version: "0" },
  {
    capabilities: {
      resources: { listChanged: true },
      extensions: { "io.modelcontextprotocol/skills": { directoryRead: true } },
    },
  },
);
const listRequest = z.object({ method: z.literal("skills/list"), params: z.unknown().optional() });
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
await server.connect(new StdioServerTransport());
