// The server's own refusals: what goes wrong with a request before any bundle
// is read (no token, no such route, a query it does not take, too many
// imports at once, a body that dribbles in, a server going down). They are
// answered in the one shape every non-2xx answer has, `{ refusal: { code,
// ... }, message }`, beside the reader's and the catalog's refusals from the
// one refusal table; this table holds only the codes that exist because the
// surface is HTTP, each with its status and its sentence.

export type RequestCode =
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "bad-query"
  | "bad-request"
  | "busy"
  | "shutting-down"
  | "too-slow"
  | "too-many-streams"
  | "not-ready";

export type RequestRefusal = {
  code: RequestCode;
  /** What the framework or the route saw, for `bad-request` and `not-found`. */
  detail?: string;
  /** A figure the sentence names: imports at once for `busy`, bytes per second for `too-slow`, open streams for `too-many-streams`. */
  limit?: number;
};

type RequestRule = { status: number; sentence: (refusal: RequestRefusal) => string };

const detail = (r: RequestRefusal): string => (r.detail === undefined ? "" : ` (${r.detail})`);

/** Every request-level code with its HTTP status and sentence. */
export const requestRefusals: Record<RequestCode, RequestRule> = {
  unauthorized: {
    status: 401,
    sentence: () =>
      "This request needs the API token: send it as 'Authorization: Bearer <token>' (the console takes it from #token= in its address).",
  },
  forbidden: {
    status: 403,
    sentence: () =>
      "This token is read-only: it may list, get and read skills, use /mcp and fetch the payload; imports and removals need the admin token.",
  },
  "not-found": {
    status: 404,
    sentence: (r) =>
      `Nothing is served at${r.detail === undefined ? " this address" : ` ${r.detail}`}; check the method and the path.`,
  },
  "bad-query": {
    status: 400,
    sentence: (r) =>
      `The query is not understood${detail(r)}; use replace=1, dry_run=1, strict=1, list=1, path=<dir>, skill=<id> (repeatable) and name=<archive file name> only.`,
  },
  "bad-request": {
    status: 400,
    sentence: (r) => `The request is malformed${detail(r)}; send it again as the API describes.`,
  },
  busy: {
    status: 503,
    sentence: (r) =>
      `All ${r.limit === undefined ? "" : `${r.limit} `}import slots are in use; retry in a moment (see Retry-After).`,
  },
  "shutting-down": {
    status: 503,
    sentence: () => "The server is shutting down and takes no new imports; retry once it is back.",
  },
  "too-slow": {
    status: 408,
    sentence: (r) =>
      `The upload arrived slower than ${r.limit === undefined ? "the minimum rate" : `${formatCount(r.limit)} bytes per second`}, so it was cut to free its import slot; send it again over a faster connection.`,
  },
  "not-ready": {
    status: 503,
    sentence: (r) =>
      `This server cannot use its managed store right now${detail(r)}; it stays up and is ready again by itself once the store is back.`,
  },
  "too-many-streams": {
    status: 503,
    sentence: (r) =>
      `${r.limit === undefined ? "The allowed number of" : r.limit} event streams are already open; close a console tab and retry.`,
  },
};

/** Whether a code is one of the server's own. */
export function isRequestCode(code: string): code is RequestCode {
  return Object.hasOwn(requestRefusals, code);
}

import { formatCount } from "@skillshelf/contract";
