// How a refusal travels over HTTP, in the one shape of every non-2xx answer:
// `{ refusal, message }`. A bundle or destination refusal takes its status
// and sentence from the contract's one refusal table (`httpStatus`,
// `message`); a request-level one from the server's own table. The server
// never words a refusal at the call site. An option a sentence names is
// spelled as a query parameter (`path=skills`), unless the request comes from
// the web console, which says so with the `skillshelf-wording: console`
// header and is then told where to click instead (its chooser has no field
// called `path`): the one sentence it shows is still the table's. Neither is
// shown a place on the server (the contract's remoteRefusal).
import {
  httpStatus,
  message,
  type Refusal,
  type RootPlaces,
  remoteRefusal,
} from "@skillshelf/contract";
import type { Shelf } from "@skillshelf/shelf";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isRequestCode, type RequestRefusal, requestRefusals } from "./request-refusals.js";

/** Any refusal the server answers with: the contract's, or one of its own request-level ones. */
export type ServerRefusal = Refusal | RequestRefusal;

export type RefusalBody = { refusal: ServerRefusal; message: string };

/** Whom a sentence is worded for: an HTTP client, or the web console. */
export type Wording = "http" | "console";

/** The header the console sends so that sentences name its controls, not query parameters. */
export const wordingHeader = "skillshelf-wording";

const isRequestRefusal = (refusal: ServerRefusal): refusal is RequestRefusal =>
  isRequestCode(refusal.code);

/** The wording a request asks for (`http` unless it is the console's). */
export function wordingOf(request: FastifyRequest): Wording {
  return request.headers[wordingHeader] === "console" ? "console" : "http";
}

/**
 * The status and body a refusal is answered with: the refusal as a remote
 * reader is given it (no place on the server; a stored skill's path below
 * `roots`), and the sentence worded from that, so it names none either.
 */
export function answerOf(
  refusal: ServerRefusal,
  wording: Wording = "http",
  roots: RootPlaces = {},
): { status: number; body: RefusalBody } {
  if (isRequestRefusal(refusal)) {
    const rule = requestRefusals[refusal.code];
    return { status: rule.status, body: { refusal, message: rule.sentence(refusal) } };
  }
  const shown = remoteRefusal(refusal, roots);
  return {
    status: httpStatus(refusal),
    body: { refusal: shown, message: message(shown, wording) },
  };
}

/** The places of `shelf`'s roots on this server, which no answer shows a remote reader. */
export const rootPlacesOf = (shelf: Shelf): RootPlaces => ({
  builtin: shelf.roots.builtin,
  managed: shelf.roots.managed?.location,
});

/** Sends a refusal with its table status and sentence, worded as the request asks. */
export function sendRefusal(
  reply: FastifyReply,
  refusal: ServerRefusal,
  roots: RootPlaces = {},
): FastifyReply {
  const { status, body } = answerOf(refusal, wordingOf(reply.request), roots);
  return reply.code(status).send(body);
}
