// `skillshelf mcp`: serves the offered skills to an MCP host over this
// process's stdin and stdout, as a host starts it from its `mcpServers`
// configuration. The skills are the shelf's (`shelf.skills`), so the served
// catalog is the one `list` shows; stdout carries only protocol messages, and
// the command returns when the host closes the connection.
import { serveStdio } from "@skillshelf/mcp";
import type { Context } from "../context.js";
import { EXIT_OK } from "../refusal.js";

export async function runMcp(context: Context): Promise<number> {
  const version = context.shelf.tool.split(" ").at(-1) ?? "0.0.0";
  const server = await serveStdio(context.shelf.skills, { name: "skillshelf", version });
  await new Promise<void>((resolve) => {
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  return EXIT_OK;
}
