// Where the store is, said without its secret. A store URL may carry a
// password; it reaches the client and nothing else: every sentence, log line
// and `location` uses `describeLocation`, which drops the password (and any
// query parameter, where a driver option such as `password=` could hide
// one). The password may also come from a file named by
// SKILLSHELF_STORE_PASSWORD_FILE (a mounted secret), or from PGPASSWORD,
// which the client reads itself, so an operator never has to put it on a
// command line.
import { readFileSync } from "node:fs";

export type StoreUrlResult = { ok: true; url: URL } | { ok: false; message: string };

/** Parses a store URL (`postgres://` or `postgresql://`), or says why it is not one. */
export function parseStoreUrl(value: string): StoreUrlResult {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return {
      ok: false,
      message: "the store must be a URL such as postgres://user@host:5432/database",
    };
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    return {
      ok: false,
      message: `the store URL must start with postgres:// (it starts with ${url.protocol}//)`,
    };
  }
  if (url.hostname === "") {
    return {
      ok: false,
      message: "the store URL names no host: postgres://user@host:5432/database",
    };
  }
  return { ok: true, url };
}

/** The URL as a person may see it: user, host, port and database, never a password. */
export function describeLocation(url: URL): string {
  const user = url.username === "" ? "" : `${url.username}@`;
  const port = url.port === "" ? "" : `:${url.port}`;
  return `postgres://${user}${url.hostname}${port}${url.pathname === "/" ? "" : url.pathname}`;
}

/** The password for the store: from the URL, else the file SKILLSHELF_STORE_PASSWORD_FILE names. */
export function passwordFor(url: URL, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (url.password !== "") return decodeURIComponent(url.password);
  const file = env.SKILLSHELF_STORE_PASSWORD_FILE;
  if (file === undefined || file === "") return undefined;
  // A trailing newline is how every editor and `echo` leave a secret file.
  return readFileSync(file, "utf8").replace(/\r?\n$/, "");
}
