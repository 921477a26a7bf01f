// GET /api/events: catalog changes as Server-Sent Events, so every open
// console sees another client's import or removal without polling. It sits
// under /api, so it needs the bearer token in the Authorization header like
// every other API request; the console reads it with fetch() rather than
// EventSource (which cannot send headers), so the token never goes into a
// URL or a log. A comment line every 15 s keeps idle connections from being
// timed out; the number of open streams is capped; shutting down ends them
// all, so a close never waits on a console left open.
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { sendRefusal } from "../answer.js";
import type { CatalogChanges } from "../catalog-changes.js";

export type EventsOptions = {
  maxStreams?: number;
  heartbeatMs?: number;
  /** Aborted when shutdown begins: every stream ends then, so the drain never waits on one. */
  closing?: AbortSignal;
};

const frame = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Registers GET /api/events. */
export function registerEventRoutes(
  app: FastifyInstance,
  changes: CatalogChanges,
  options: EventsOptions = {},
): void {
  const maxStreams = options.maxStreams ?? 64;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const open = new Set<PassThrough>();

  const endAll = (): void => {
    for (const stream of open) stream.end();
  };
  app.addHook("preClose", async () => endAll());
  options.closing?.addEventListener("abort", endAll, { once: true });

  app.get("/api/events", async (_request, reply) => {
    if (options.closing?.aborted === true) {
      reply.header("retry-after", "5");
      return sendRefusal(reply, { code: "shutting-down" });
    }
    if (open.size >= maxStreams) {
      reply.header("retry-after", "5");
      return sendRefusal(reply, { code: "too-many-streams", limit: maxStreams });
    }
    const stream = new PassThrough();
    open.add(stream);
    const unsubscribe = changes.subscribe((change) => stream.write(frame("change", change)));
    const heartbeat = setInterval(() => stream.write(": still here\n\n"), heartbeatMs);
    const finish = (): void => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
      stream.end();
    };
    // The response closes when the client goes away or the stream is ended.
    reply.raw.once("close", finish);
    stream.write(frame("ready", {}));
    return reply
      .type("text/event-stream; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-accel-buffering", "no")
      .send(stream);
  });
}
