// Answers for what is not a refusal: a route that does not exist, a request
// the framework rejects (4xx, said plainly), a client that left mid-upload,
// and the unexpected, which becomes the `internal` refusal: logged with its
// stack for the operator, answered with one sentence and no stack.
import { type DestinationRefusal, message } from "@skillshelf/bundle-reader";
import type { FastifyInstance } from "fastify";

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
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({
        error: (error as { code?: string }).code ?? "bad-request",
        message: (error as Error).message,
      });
    }
    request.log.error({ err: error }, "request failed");
    const refusal: DestinationRefusal = { code: "internal" };
    return reply.code(500).send({ refusal, message: message(refusal) });
  });
  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({
      error: "not-found",
      message: `Nothing at ${request.method} ${request.url.split("?")[0]}.`,
    }),
  );
}
