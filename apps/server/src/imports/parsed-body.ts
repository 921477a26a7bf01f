// What reading an import request's body yields before the reader sees it:
// archive bytes, the files of a form, or a refusal decided while streaming
// (too large, too many parts, a form that cannot be read, too slow, or cut
// by a shutdown).
import type { Refusal, UploadFile } from "@skillshelf/bundle-reader";
import type { RequestRefusal } from "../request-refusals.js";

export type ParsedBody =
  | { ok: true; kind: "archive"; bytes: Uint8Array }
  | { ok: true; kind: "uploads"; files: UploadFile[] }
  | { ok: false; refusal: Refusal | RequestRefusal };

/** Whether a value is a body one of the import parsers produced. */
export function isParsedBody(value: unknown): value is ParsedBody {
  return typeof value === "object" && value !== null && "ok" in value;
}
