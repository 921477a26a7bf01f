// The small read-only answers: liveness (no token, nothing about the store),
// readiness (no token: 200 while the managed store could take a write now,
// 503 with the store-failed refusal while it cannot, so a proxy stops
// sending this replica traffic while its database is away and resumes once
// the store reconnects by itself; its `authFailures` counts the requests
// refused for want of the token, whose log lines are sampled), the reader's
// limits with the server's own caps derived from them, and the payload a
// worker would receive (only vouched-for managed skills, unless
// allow_drift=1 says otherwise).
import type { Shelf } from "@skillshelf/shelf";
import type { FastifyInstance } from "fastify";
import { sendRefusal } from "../answer.js";
import type { AuthFailures } from "../auth-failures.js";
import type { ImportCaps } from "../imports/caps.js";

/** Registers GET /healthz, GET /readyz, GET /api/limits and GET /api/payload. */
export function registerInfoRoutes(
  app: FastifyInstance,
  shelf: Shelf,
  caps: ImportCaps,
  authFailures: AuthFailures,
): void {
  app.get("/healthz", async () => ({ ok: true }));

  app.get("/readyz", async (_request, reply) => {
    const probed = await shelf.ready();
    if (!probed.ok) {
      const { detail } = probed.refusal;
      return sendRefusal(
        reply,
        detail === undefined ? { code: "not-ready" } : { code: "not-ready", detail },
      );
    }
    return { ok: true, authFailures: authFailures.total };
  });

  app.get("/api/limits", async () => ({ ...shelf.limits(), ...caps }));

  app.get<{ Querystring: { allow_drift?: string } }>("/api/payload", async (request, reply) => {
    // allow_drift=1: the operator's explicit escape from the trust gate, logged skill by skill.
    const allowDrift = request.query.allow_drift === "1";
    const built = await shelf.payload({ allowDrift });
    if (!built.ok) return sendRefusal(reply, built.refusal);
    for (const { id, code } of built.allowed) {
      request.log.warn({ skill: id, code }, "skill offered by allow_drift");
    }
    return built.payload;
  });
}
