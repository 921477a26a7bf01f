// The small read-only answers: liveness (no token, nothing about the store),
// the reader's limits with the server's own caps derived from them, and the
// payload a worker would receive.
import { limits } from "@skillshelf/bundle-reader";
import { payload } from "@skillshelf/payload";
import type { RootsLike } from "@skillshelf/skill-catalog";
import type { FastifyInstance } from "fastify";
import { sendRefusal } from "../answer.js";
import type { ImportCaps } from "../imports/caps.js";

/** Registers GET /healthz, GET /api/limits and GET /api/payload. */
export function registerInfoRoutes(app: FastifyInstance, roots: RootsLike, caps: ImportCaps): void {
  app.get("/healthz", async () => ({ ok: true }));

  app.get("/api/limits", async () => ({ ...limits(), ...caps }));

  app.get("/api/payload", async (_request, reply) => {
    const built = await payload(roots);
    if (!built.ok) return sendRefusal(reply, built.refusal);
    return built.payload;
  });
}
