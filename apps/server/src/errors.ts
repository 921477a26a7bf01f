// Answers for what is not a refusal: a route that does not exist, a request
// the framework rejects (4xx, said plainly), a client that left mid-upload,
// and the unexpected, which becomes the `internal` refusal: logged with its
// stack for the operator, answered with one sentence and no stack.

import { isRefusal, type Refusal } from "@skillshelf/contract";
import type { FastifyInstance } from "fastify";
import { answerOf, sendRefusal } from "./answer.js";

/** The error a body reader rejects with when the client closes the connection mid-upload. */
export function clientGone(): Error {
  return Object.assign(new Error("the client closed the connection mid-upload"), {
    statusCode: 400,
    code: "client-gone",
  });
}

/** Installs the not-found and error handlers. */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    // A refusal thrown from below (a store that cannot be read) is answered as itself.
    if (isRefusal(error)) {
      const { code, path, detail } = error;
      const refusal: Refusal = { code };
      if (path !== undefined) refusal.path = path;
      if (detail !== undefined) refusal.detail = detail;
      request.log.warn({ refusal: code, detail }, "request refused from below");
      return sendRefusal(reply, refusal);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      const { body } = answerOf({ code: "bad-request", detail: (error as Error).message });
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, "request failed");
    const refusal: Refusal = { code: "internal" };
    return sendRefusal(reply, refusal);
  });
  app.setNotFoundHandler(async (request, reply) =>
    sendRefusal(reply, {
      code: "not-found",
      detail: `${request.method} ${request.url.split("?", 1)[0]}`,
    }),
  );
}
