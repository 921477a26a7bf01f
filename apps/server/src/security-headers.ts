// Headers every response carries. The console is one origin with no inline
// script, no external resource and no framing, so the policy can be strict:
// a skill body that somehow reached the page as markup still could not run.
// API answers are never cached, since they describe the store right now.
import type { FastifyInstance } from "fastify";
import { isApiRequest } from "./api-request.js";

export const contentSecurityPolicy: string = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const fixedHeaders: Record<string, string> = {
  "content-security-policy": contentSecurityPolicy,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** Adds the security headers to every answer, and no-store to API answers. */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.headers(fixedHeaders);
    if (isApiRequest(request)) reply.header("cache-control", "no-store");
    return payload;
  });
}
