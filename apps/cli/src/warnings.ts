// Specification warnings as the CLI prints them: one line each on stderr,
// after the answer, in the reader's own words (the CLI words nothing), with a
// closing hint that --strict would refuse them. With --json they travel in
// the answer instead, as the reader returned them.
import type { Warning } from "@skillshelf/bundle-reader";
import type { McpWarning } from "@skillshelf/mcp";
import type { Output } from "./output.js";

export function printWarnings(output: Output, warnings: readonly Warning[]): void {
  if (warnings.length === 0) return;
  const { err } = output;
  for (const warning of warnings) {
    err.line(`${err.paint("yellow", `warning (${warning.code}):`)} ${warning.message}`);
  }
  // Past 100 the reader keeps the first ones and counts the rest in a last `more-warnings`.
  const listed = warnings.filter((warning) => warning.code !== "more-warnings").length;
  const count =
    listed < warnings.length
      ? `more than ${listed} warnings`
      : listed === 1
        ? "1 warning"
        : `${listed} warnings`;
  err.line(
    err.paint(
      "dim",
      `${count} from the Agent Skills specification; --strict refuses a bundle that draws any`,
    ),
  );
}

/** The MCP warnings (packages/mcp's words): one line each on stderr; --strict does not refuse them. */
export function printMcpWarnings(output: Output, warnings: readonly McpWarning[]): void {
  const { err } = output;
  for (const warning of warnings) {
    err.line(`${err.paint("yellow", `warning (${warning.code}):`)} ${warning.reason}`);
  }
}
