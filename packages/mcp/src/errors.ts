// The errors the server answers with. Every request about something not
// served (an unknown or refused skill, an unlisted file, a bad URI or
// cursor, a file changed since its record) is JSON-RPC's Invalid params
// (-32602), as the Skills extension and the base Resources specification
// ask; the refusal's code and sentence travel in the error's data, so a
// host sees the same words the CLI and the HTTP API use.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** The `data` of every error this server answers. */
export type ErrorData = { code: string; reason: string; uri?: string };

/** An Invalid params error carrying a refusal's code and sentence. */
export function invalidParams(data: ErrorData): McpError {
  return new McpError(ErrorCode.InvalidParams, data.reason, data);
}

/** The error for a URI `parseSkillUri` refused. */
export function invalidUri(uri: string, why: string): McpError {
  const shown = uri.length > 200 ? `${uri.slice(0, 200)}…` : uri;
  return invalidParams({
    code: "invalid-uri",
    reason: `The URI '${shown}' is not served: ${why}.`,
  });
}
