// What every command runs with: where to print, the shelf, whether the
// answer is JSON, and the process's environment and stdin. Commands take it as
// an argument instead of reaching for globals, which keeps each one a plain
// async function from arguments to an exit code.

import type { Shelf } from "@skillshelf/shelf";
import type { Output } from "./output.js";
import type { Input } from "./source.js";

export type Context = {
  output: Output;
  /** The application layer every command calls (@skillshelf/shelf). */
  shelf: Shelf;
  json: boolean;
  env: Record<string, string | undefined>;
  stdin: Input;
  cwd: string;
};

/** A command line that parsed but does not make sense; reported with the command's usage, exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
