// `skillshelf-server token --read-only --name <worker>`: prints a read-only
// token minted from SKILLSHELF_TOKEN (read-tokens.ts), for a worker to send
// as its bearer. Nothing is stored: every replica holding the same admin
// token accepts it. The admin token is read from the environment only, and
// is never printed.
import { parseArgs } from "node:util";
import { mintReadToken, READ_TOKEN_NAME } from "./read-tokens.js";

export const tokenUsage: string = `Usage: skillshelf-server token --read-only --name <name>

Prints a read-only token for the worker <name> (letters, digits, _ and -, at
most 64), minted from SKILLSHELF_TOKEN: any server with that admin token
accepts it for listing, getting and reading skills, /mcp and the payload,
and answers 403 to its writes. Changing SKILLSHELF_TOKEN revokes it.`;

/** The line to print and the exit code. */
export function runTokenCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { code: number; out?: string; err?: string } {
  let values: { "read-only"?: boolean; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        "read-only": { type: "boolean" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { code: 2, err: `${(error as Error).message}\n\n${tokenUsage}` };
  }
  if (values.help === true) return { code: 0, out: tokenUsage };
  if (values["read-only"] !== true) {
    return { code: 2, err: `only read-only tokens are minted: pass --read-only\n\n${tokenUsage}` };
  }
  const name = values.name ?? "";
  if (!READ_TOKEN_NAME.test(name)) {
    return { code: 2, err: `--name takes letters, digits, _ and -, at most 64\n\n${tokenUsage}` };
  }
  const admin = env.SKILLSHELF_TOKEN ?? "";
  if (admin.length < 16) {
    return { code: 2, err: "set SKILLSHELF_TOKEN (the admin token the servers use) to mint from" };
  }
  return { code: 0, out: mintReadToken(admin, name) };
}
