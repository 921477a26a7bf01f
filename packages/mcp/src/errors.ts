// The errors the server answers with. Every request about something not
// served (an unknown or refused skill, an unlisted file, a bad URI or
// cursor, a file changed since its record) is JSON-RPC's Invalid params
// (-32602), as the Skills extension and the base Resources specification
// ask; the refusal's code and sentence travel in the error's data, so a
// host sees the same words the CLI and the HTTP API use.
// (The SDK's McpError would prefix its own code to the sentence, and the
// client prefixes it again; this error's message is the sentence alone.)
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";

/** The `data` of every error this server answers. */
export type ErrorData = { code: string; reason: string };

/** A JSON-RPC error the SDK sends as it is: `code`, the sentence as `message`, and `data`. */
export class ServedError extends Error {
  readonly code: number;
  readonly data: ErrorData;

  constructor(code: number, data: ErrorData) {
    super(data.reason);
    this.code = code;
    this.data = data;
  }
}

/** An Invalid params error carrying a refusal's code and sentence. */
export function invalidParams(data: ErrorData): ServedError {
  return new ServedError(ErrorCode.InvalidParams, data);
}

/** The error for a URI `parseSkillUri` refused. */
export function invalidUri(uri: string, why: string): ServedError {
  const shown = uri.length > 200 ? `${uri.slice(0, 200)}…` : uri;
  return invalidParams({
    code: "invalid-uri",
    reason: `The URI '${shown}' is not served: ${why}.`,
  });
}
