// Opening the store: parse the URL, connect, and bring the schema to this
// code's version. A value that is no PostgreSQL URL answers
// `invalid-store-url` (a usage error, exit 2); a database that cannot be
// reached or refuses the role answers `store-unavailable`, naming the
// database without its password; one that holds a newer schema answers
// `store-failed`; each with one sentence, so a CLI or server can stop at start with a
// clear line and an exit code rather than a stack trace or a later surprise.
// The pool reconnects by itself: a call made after the database came back
// simply opens a new connection.

import type { Refusal } from "@skillshelf/contract";
import pg from "pg";
import { describeLocation, parseStoreUrl, passwordFor } from "./location.js";
import { migrate } from "./schema.js";
import { describeStoreError, PgStore, type PostgresStore } from "./store.js";

export type OpenOptions = {
  /** Where SKILLSHELF_STORE_PASSWORD_FILE is read (default process.env; pg reads PGPASSWORD itself). */
  env?: NodeJS.ProcessEnv;
  /** Milliseconds to wait for a connection before a call fails (default 5,000). */
  connectTimeoutMs?: number;
  /** Connections in the pool, besides the one held for LISTEN (default 10). */
  max?: number;
  /**
   * Milliseconds a read (list, inspect, a file, a record) waits for the
   * database's answer before it fails `store-unavailable` (default 10,000).
   */
  readTimeoutMs?: number;
  /**
   * Milliseconds each statement of a write (install, apply, remove, approve)
   * waits for the database's answer before the write fails
   * `store-unavailable`, with nothing stored (default 30,000). Taking the
   * store's lock is the exception: it waits as long as another writer holds
   * the lock, and fails only if the database stops answering meanwhile
   * (checked every writeTimeoutMs on a connection of its own).
   */
  writeTimeoutMs?: number;
};

export type OpenResult =
  | { ok: true; store: PostgresStore }
  | {
      ok: false;
      refusal: Refusal & { code: "store-failed" | "store-unavailable" | "invalid-store-url" };
    };

const failed = (detail: string): OpenResult => ({
  ok: false,
  refusal: { code: "store-failed", detail },
});

/** Connects to the store at `url` and migrates its schema; the store, or why not. */
export async function openPostgresStore(
  url: string,
  options: OpenOptions = {},
): Promise<OpenResult> {
  const parsed = parseStoreUrl(url);
  // A value that is no PostgreSQL URL is a mistake on the command line, not a store's failure.
  if (!parsed.ok) {
    // The value is named back only when it is no URL at all: a URL may carry a password.
    const refusal = URL.canParse(url)
      ? { code: "invalid-store-url" as const, detail: parsed.message }
      : { code: "invalid-store-url" as const, path: url, detail: parsed.message };
    return { ok: false, refusal };
  }
  const location = describeLocation(parsed.url);
  let password: string | undefined;
  try {
    password = passwordFor(parsed.url, options.env);
  } catch (error) {
    return failed(`the password file for ${location} cannot be read: ${describeStoreError(error)}`);
  }
  // pg lets the connection string's fields win over separate options, so a
  // password from the file goes into (a copy of) the URL itself.
  const connection = new URL(parsed.url.href);
  if (password !== undefined) connection.password = encodeURIComponent(password);
  const config: pg.ClientConfig = {
    connectionString: connection.href,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    application_name: "skillshelf",
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...config, max: options.max ?? 10 });
  // An idle connection the server drops is the pool's to replace; without a
  // listener its error would be uncaught.
  pool.on("error", () => {});
  try {
    const migrated = await migrate(pool);
    if (!migrated.ok) {
      await pool.end();
      return failed(`${location}: ${migrated.message}`);
    }
  } catch (error) {
    await pool.end().catch(() => {});
    return {
      ok: false,
      refusal: { code: "store-unavailable", path: location, detail: describeStoreError(error) },
    };
  }
  const readTimeoutMs = options.readTimeoutMs ?? 10_000;
  const writeTimeoutMs = options.writeTimeoutMs ?? 30_000;
  return {
    ok: true,
    store: new PgStore(pool, config, location, readTimeoutMs, writeTimeoutMs),
  };
}
