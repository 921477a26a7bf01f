// How a command ends when it cannot do what was asked. The sentence always
// comes from message(), worded for the command line (`--path skills`), and
// the exit code from exitCode() (both from the one refusal table in
// @skillshelf/contract), so the CLI words nothing on its own;
// anything thrown becomes the internal refusal, and a stack trace is printed
// only when SKILLSHELF_DEBUG asks for it.
import { exitCode, message, type Refusal, toRefusal } from "@skillshelf/contract";
import { type Output, printJson } from "./output.js";

/** Exit codes that are not a refusal's: success and a malformed command line. */
export const EXIT_OK = 0;
export const EXIT_USAGE = 2;

/**
 * Reports a refusal on stderr (and as JSON on stdout with --json, with the
 * fields of `extra` after it); returns the exit code.
 */
export function reportRefusal(
  output: Output,
  refusal: Refusal,
  json: boolean,
  extra: Record<string, unknown> = {},
): number {
  const sentence = message(refusal, "cli");
  if (json) printJson(output, { ok: false, refusal, message: sentence, ...extra });
  const { err } = output;
  err.line(`${err.paint("red", `refused (${refusal.code}):`)} ${sentence}`);
  return exitCode(refusal);
}

/** Turns anything thrown into a known refusal or the internal one, and reports it. */
export function reportFailure(
  output: Output,
  error: unknown,
  json: boolean,
  env: Record<string, string | undefined> = process.env,
): number {
  const debug = env.SKILLSHELF_DEBUG;
  if (debug !== undefined && debug !== "" && debug !== "0") {
    output.err.line(error instanceof Error ? (error.stack ?? String(error)) : String(error));
  }
  return reportRefusal(output, toRefusal(error), json);
}
