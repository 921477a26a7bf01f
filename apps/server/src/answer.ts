// How a refusal travels over HTTP: the status comes from the one refusal
// table (`httpStatus`) and the body is the refusal with its sentence
// (`message`). The server never words a refusal itself.
import {
  type DestinationRefusal,
  httpStatus,
  message,
  type Refusal,
} from "@skillshelf/bundle-reader";
import type { FastifyReply } from "fastify";

export type RefusalBody = { refusal: Refusal | DestinationRefusal; message: string };

/** Sends a refusal with its table status and sentence. */
export function sendRefusal(
  reply: FastifyReply,
  refusal: Refusal | DestinationRefusal,
): FastifyReply {
  const body: RefusalBody = { refusal, message: message(refusal) };
  return reply.code(httpStatus(refusal)).send(body);
}
