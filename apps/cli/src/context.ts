// What every command runs with: where to print, which roots, whether the
// answer is JSON, and the process's environment and stdin. Commands take it as
// an argument instead of reaching for globals, which keeps each one a plain
// async function from arguments to an exit code.
import type { Output } from "./output.js";
import type { CliRoots } from "./roots.js";
import type { Input } from "./source.js";

export type Context = {
  output: Output;
  roots: CliRoots;
  json: boolean;
  env: Record<string, string | undefined>;
  stdin: Input;
  cwd: string;
  /** This tool as `name version`, kept in install records. */
  tool: string;
};

/** A command line that parsed but does not make sense; reported with the command's usage, exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
