// GET /api/lock-status: whether this replica's managed store holds exactly
// the skills of the lock it was started with (--lock or SKILLSHELF_LOCK),
// as `skillshelf verify --lock` says it: 200 when in step, 409 when not,
// each difference named either way, so a fleet's monitor can tell a replica
// that drifted from the set it should serve.
import type { Shelf } from "@skillshelf/shelf";
import type { FastifyInstance } from "fastify";
import { sendRefusal } from "../answer.js";

/** Registers GET /api/lock-status. */
export function registerLockRoutes(
  app: FastifyInstance,
  shelf: Shelf,
  lock: string | undefined,
): void {
  app.get("/api/lock-status", async (_request, reply) => {
    if (lock === undefined) {
      const detail = "the server was started without --lock or SKILLSHELF_LOCK";
      return sendRefusal(reply, { code: "invalid-manifest", detail });
    }
    const status = await shelf.lockStatus(lock);
    if (!status.ok) return sendRefusal(reply, status.refusal);
    return reply.code(status.inStep ? 200 : 409).send(status);
  });
}
