// The server's settings, read once at start from flags and the environment
// and validated with zod, so a typo stops the process with one clear sentence
// (exit 2) instead of a server that half works. Where the roots are is not
// decided here: the workspace, data and store options go to openShelf as
// given, as the CLI's do, so both surfaces see the same store. A host other
// than loopback needs a token chosen by the operator: a generated one would be
// printed to whoever reads the console, which is fine on 127.0.0.1 only.
import { parseArgs } from "node:util";
import type { ShelfOptions, TrustOptions } from "@skillshelf/shelf";
import { z } from "zod";

export type ServerConfig = {
  host: string;
  port: number;
  /** --workspace, --data and --store as given, for openShelf (which applies the defaults). */
  shelf: ShelfOptions & TrustOptions;
  /** The token from SKILLSHELF_TOKEN, or undefined to generate one. */
  token: string | undefined;
  /** The read-only token from SKILLSHELF_READ_TOKEN, if any. */
  readToken: string | undefined;
  /** Names a Host header may carry beside the bound host, localhost, 127.0.0.1 and [::1]. */
  allowedHosts: string[];
  /** The lock GET /api/lock-status holds the store against (--lock, else SKILLSHELF_LOCK). */
  lock: string | undefined;
};

export type ConfigResult =
  | { ok: true; config: ServerConfig }
  | { ok: false; message: string }
  | { ok: "help"; message: string }
  | { ok: "version" };

export const usage: string = `Usage: skillshelf-server [options]

Serves the skillshelf HTTP API and web console.

Options:
  --host <host>       address to listen on (default 127.0.0.1)
  --port <port>       port to listen on, 0 for any free one (default 4747)
  --data <dir>        data directory; imports go to <dir>/skills
                      (default $SKILLSHELF_DATA, else $XDG_DATA_HOME/skillshelf,
                      else ~/.local/share/skillshelf)
  --workspace <dir>   workspace; builtin skills are <dir>/skills (default: cwd)
  --store <url>       keep managed skills in PostgreSQL, shared by every
                      replica (postgres://user@host:5432/db; default
                      $SKILLSHELF_STORE); --data is then unused
  --trust <file>      allowed_signers file of the keys whose signatures are
                      trusted (default $SKILLSHELF_TRUST)
  --revoked <file>    file of revoked public keys (default
                      $SKILLSHELF_REVOKED_KEYS)
  --require-signed    refuse a skill not signed by a trusted key (also
                      SKILLSHELF_REQUIRE_SIGNED=1)
  --allowed-host <name>
                      a name the Host header may carry (repeatable); the bound
                      host, localhost, 127.0.0.1 and [::1] are always served,
                      any other Host is answered 421
  --lock <file>       a skillshelf.lock.json that GET /api/lock-status holds
                      the managed store against (default $SKILLSHELF_LOCK)
  -v, --version       print the version
  -h, --help          print this help

Environment:
  SKILLSHELF_TOKEN    the API token (at least 16 characters); generated at
                      start when unset, and required for a non-loopback host
  SKILLSHELF_READ_TOKEN
                      a read-only token (at least 16 characters): it may list,
                      get and read skills, use /mcp and fetch the payload;
                      tokens minted by 'skillshelf-server token --read-only'
                      are read-only too
  SKILLSHELF_STORE    the store's URL, as --store
  SKILLSHELF_LOCK     the lock's path, as --lock
  SKILLSHELF_STORE_PASSWORD_FILE
                      a file holding the store's password (else the URL's,
                      else PGPASSWORD); never printed`;

const loopbackHosts = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** Whether a host only ever accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return loopbackHosts.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

const configSchema = z
  .object({
    host: z.string().min(1, "--host must not be empty"),
    port: z
      .string()
      .regex(/^\d{1,5}$/, "--port must be a whole number between 0 and 65535")
      .transform(Number)
      .pipe(z.number().max(65_535, "--port must be a whole number between 0 and 65535")),
    data: z.string().min(1, "--data must not be empty").optional(),
    allowedHosts: z.array(
      z
        .string()
        .regex(
          /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/,
          "--allowed-host takes a host name or address, such as skills.example.org",
        ),
    ),
    workspace: z.string().min(1, "--workspace must not be empty").optional(),
    token: z
      .string()
      .min(16, "SKILLSHELF_TOKEN must be at least 16 characters long")
      .max(512, "SKILLSHELF_TOKEN must be at most 512 characters long")
      .regex(/^[\x21-\x7e]+$/, "SKILLSHELF_TOKEN must be printable ASCII without spaces")
      .optional(),
    readToken: z
      .string()
      .min(16, "SKILLSHELF_READ_TOKEN must be at least 16 characters long")
      .max(512, "SKILLSHELF_READ_TOKEN must be at most 512 characters long")
      .regex(/^[\x21-\x7e]+$/, "SKILLSHELF_READ_TOKEN must be printable ASCII without spaces")
      .optional(),
  })
  .refine((config) => config.readToken === undefined || config.readToken !== config.token, {
    error: "SKILLSHELF_READ_TOKEN must differ from SKILLSHELF_TOKEN",
  })
  .refine((config) => config.token !== undefined || isLoopbackHost(config.host), {
    error:
      "a host other than loopback needs SKILLSHELF_TOKEN set; choose a token and set it, or listen on 127.0.0.1",
  });

/** Reads flags and environment into a validated config, or one sentence saying what is wrong. */
export function parseConfig(argv: readonly string[], env: NodeJS.ProcessEnv): ConfigResult {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: "string" },
        port: { type: "string" },
        data: { type: "string" },
        workspace: { type: "string" },
        store: { type: "string" },
        lock: { type: "string" },
        trust: { type: "string" },
        revoked: { type: "string" },
        "require-signed": { type: "boolean" },
        "allowed-host": { type: "string", multiple: true },
        version: { type: "boolean", short: "v" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n\n${usage}` };
  }
  if (values.help === true) return { ok: "help", message: usage };
  if (values.version === true) return { ok: "version" };
  const parsed = configSchema.safeParse({
    host: values.host ?? "127.0.0.1",
    port: values.port ?? "4747",
    data: values.data,
    workspace: values.workspace,
    token: env.SKILLSHELF_TOKEN === "" ? undefined : env.SKILLSHELF_TOKEN,
    readToken: env.SKILLSHELF_READ_TOKEN === "" ? undefined : env.SKILLSHELF_READ_TOKEN,
    allowedHosts: values["allowed-host"] ?? [],
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, message: first?.message ?? "the configuration is invalid" };
  }
  const { data, workspace, ...rest } = parsed.data;
  const text = (name: string): string | undefined =>
    typeof values[name] === "string" ? values[name] : undefined;
  const shelf = {
    workspace,
    data,
    store: text("store"),
    trust: text("trust"),
    revoked: text("revoked"),
    requireSigned: values["require-signed"] === true,
  };
  const flagLock = text("lock") === "" ? undefined : text("lock");
  const lock = flagLock ?? (env.SKILLSHELF_LOCK === "" ? undefined : env.SKILLSHELF_LOCK);
  return {
    ok: true,
    config: { ...rest, token: rest.token, readToken: rest.readToken, lock, shelf },
  };
}
