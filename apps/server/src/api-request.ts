// The one rule for "is this an API request": its path is /api or below it,
// or the MCP endpoint /mcp, judged on the path as sent and on the route it matched (the router decodes
// percent-escapes, so `/%61pi/skills` reaches an /api route). The token check
// and the no-store header both ask this, so they can never disagree.
import type { FastifyRequest } from "fastify";

const isApiPath = (path: string): boolean =>
  path === "/api" || path.startsWith("/api/") || path === "/mcp";

/** Whether `request` is served under /api or at /mcp (and so needs the token and is never cached). */
export function isApiRequest(request: FastifyRequest): boolean {
  const sent = request.url.split("?", 1)[0] ?? "";
  return isApiPath(sent) || isApiPath(request.routeOptions.url ?? "");
}
