// How a refusal travels over HTTP, in the one shape of every non-2xx answer:
// `{ refusal, message }`. A bundle or destination refusal takes its status
// and sentence from the one refusal table (`httpStatus`, `message`); a
// request-level one from the server's own table. The server never words a
// refusal at the call site.
import {
  type DestinationRefusal,
  httpStatus,
  message,
  type Refusal,
} from "@skillshelf/bundle-reader";
import type { FastifyReply } from "fastify";
import { isRequestCode, type RequestRefusal, requestRefusals } from "./request-refusals.js";

export type AnyRefusal = Refusal | DestinationRefusal | RequestRefusal;

export type RefusalBody = { refusal: AnyRefusal; message: string };

/** The status and body a refusal is answered with. */
export function answerOf(refusal: AnyRefusal): { status: number; body: RefusalBody } {
  if (isRequestCode(refusal.code)) {
    const rule = requestRefusals[refusal.code];
    return {
      status: rule.status,
      body: { refusal, message: rule.sentence(refusal as RequestRefusal) },
    };
  }
  const known = refusal as Refusal | DestinationRefusal;
  return { status: httpStatus(known), body: { refusal: known, message: message(known) } };
}

/** Sends a refusal with its table status and sentence. */
export function sendRefusal(reply: FastifyReply, refusal: AnyRefusal): FastifyReply {
  const { status, body } = answerOf(refusal);
  return reply.code(status).send(body);
}
