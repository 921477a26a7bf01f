// The baseline of the MCP benchmarks over stdio: bench/lib/memory-server.mjs
// in a child process of its own, started the way `skillshelf mcp` is, its
// answers loaded once at start from a JSON file the bench wrote from
// skillshelf's own answers.
//
// usage: node mcp-memory-server.mjs <answers.json>
//   answers.json: { entries: SkillEntry[], contents: { [uri]: { uri, mimeType, text | blob } } }

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMemoryServer } from "../lib/memory-server.mjs";

const MCP_PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "packages", "mcp");
const SDK = join(MCP_PACKAGE, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm");
const load = (path) => import(pathToFileURL(path).href);
const [{ Server }, { StdioServerTransport }, types, { z }] = await Promise.all([
  load(join(SDK, "server", "index.js")),
  load(join(SDK, "server", "stdio.js")),
  load(join(SDK, "types.js")),
  load(join(MCP_PACKAGE, "node_modules", "zod", "index.js")),
]);

const answers = JSON.parse(readFileSync(process.argv[2], "utf8"));
const server = createMemoryServer({ Server, types, z }, answers);
await server.connect(new StdioServerTransport());
