// The API's one credential: a bearer token, from SKILLSHELF_TOKEN or made at
// start. It is compared in constant time over SHA-256 digests, so neither the
// content nor the length of the token leaks through timing, and a refused
// request learns nothing but 401. The token travels only in the
// Authorization header (never a query string), and the logger redacts it.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendRefusal } from "./answer.js";
import type { AuthFailures } from "./auth-failures.js";

/** A fresh token: 32 random bytes, URL-safe so it fits a URL fragment as is. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

const digestOf = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/** Whether an Authorization header carries exactly `Bearer <token>`. */
export function isAuthorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? "");
  const offered = match?.[1] ?? "";
  // Compare digests even when the header is malformed, so every refusal costs the same.
  const same = timingSafeEqual(digestOf(offered), digestOf(token));
  return same && match !== null;
}

/**
 * An onRequest hook that answers 401 to any request without the token, and
 * counts it in `failures`, which logs a sample of them (never the token).
 */
export function requireToken(
  token: string,
  failures: AuthFailures,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const header = request.headers.authorization;
    if (isAuthorized(header, token)) return;
    failures.note(request.log, {
      method: request.method,
      path: request.url.split("?", 1)[0] ?? "",
      remote: request.ip,
      credential: header === undefined ? "none" : "wrong",
    });
    reply.header("www-authenticate", 'Bearer realm="skillshelf"');
    await sendRefusal(reply, { code: "unauthorized" });
  };
}
