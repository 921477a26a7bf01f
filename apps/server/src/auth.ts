// The API's credentials: the admin token (SKILLSHELF_TOKEN, or made at
// start), which may do everything, and read-only tokens (read-tokens.ts),
// which may read skills, use /mcp and fetch the payload and are answered 403
// on every write. Tokens are compared in constant time over SHA-256 digests,
// so neither the content nor the length of a token leaks through timing, and
// a refused request learns nothing but 401. A token travels only in the
// Authorization header (never a query string), and the logger redacts it.
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendRefusal } from "./answer.js";
import type { AuthFailures } from "./auth-failures.js";
import { isMintedReadToken, sameSecret } from "./read-tokens.js";

/** A fresh token: 32 random bytes, URL-safe so it fits a URL fragment as is. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The tokens a server takes: the admin token, and an optional read-only one. */
export type Credentials = { token: string; readToken?: string | undefined };

/** What a credential may do. */
export type Role = "admin" | "read";

const bearerOf = (header: string | undefined): string | undefined =>
  /^Bearer ([^\s]+)$/i.exec(header ?? "")?.[1];

/** Whether an Authorization header carries exactly `Bearer <token>`. */
export function isAuthorized(header: string | undefined, token: string): boolean {
  const offered = bearerOf(header);
  // Compare digests even when the header is malformed, so every refusal costs the same.
  const same = sameSecret(offered ?? "", token);
  return same && offered !== undefined;
}

/** The role an Authorization header grants, or undefined for none. */
export function roleOf(header: string | undefined, credentials: Credentials): Role | undefined {
  const offered = bearerOf(header);
  const text = offered ?? "";
  const admin = sameSecret(text, credentials.token);
  const named = credentials.readToken !== undefined && sameSecret(text, credentials.readToken);
  const minted = isMintedReadToken(text, credentials.token);
  if (offered === undefined) return undefined;
  if (admin) return "admin";
  return named || minted ? "read" : undefined;
}

/** Whether a request only reads: GET or HEAD anywhere, and any request to /mcp (it serves reads only). */
export function isReadRequest(request: FastifyRequest): boolean {
  if (request.method === "GET" || request.method === "HEAD") return true;
  return request.routeOptions.url === "/mcp";
}

/**
 * An onRequest hook: 401 to any request without a known token (counted in
 * `failures`, which logs a sample of them, never the token), 403 to a
 * read-only token's write.
 */
export function requireToken(
  credentials: Credentials,
  failures: AuthFailures,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const header = request.headers.authorization;
    const role = roleOf(header, credentials);
    if (role === "admin" || (role === "read" && isReadRequest(request))) return;
    const path = request.url.split("?", 1)[0];
    if (role === "read") {
      request.log.warn(
        { method: request.method, path, remote: request.ip },
        "read-only token refused a write",
      );
      await sendRefusal(reply, { code: "forbidden" });
      return;
    }
    failures.note(request.log, {
      method: request.method,
      path: path ?? "",
      remote: request.ip,
      credential: header === undefined ? "none" : "wrong",
    });
    reply.header("www-authenticate", 'Bearer realm="skillshelf"');
    await sendRefusal(reply, { code: "unauthorized" });
  };
}
