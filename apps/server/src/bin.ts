#!/usr/bin/env node
// skillshelf-server: reads the config (exit 2 on a bad one), opens the shelf
// (the store included), listens, and prints where the console is. A
// generated token is printed in the console URL's fragment, the one place it
// is meant to be read from; a token set in the environment is never printed.
import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { exitCode, message } from "@skillshelf/contract";
import { openShelf, readPackageVersion, toolName } from "@skillshelf/shelf";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { buildApp } from "./app.js";
import { generateToken } from "./auth.js";
import { parseConfig } from "./config.js";
import { consoleUrl } from "./console-url.js";
import { exitOnSignals } from "./shutdown.js";

const packageJson = new URL("../package.json", import.meta.url);
if (process.argv[2] === "token") {
  const { runTokenCommand } = await import("./token-command.js");
  const minted = runTokenCommand(process.argv.slice(3), process.env);
  if (minted.out !== undefined) process.stdout.write(`${minted.out}\n`);
  if (minted.err !== undefined) process.stderr.write(`skillshelf-server token: ${minted.err}\n`);
  process.exit(minted.code);
}
const parsed = parseConfig(process.argv.slice(2), process.env);
if (parsed.ok === "version") {
  process.stdout.write(`${readPackageVersion(packageJson)}\n`);
  process.exit(0);
}
if (parsed.ok === "help") {
  process.stdout.write(`${parsed.message}\n`);
  process.exit(0);
}
if (parsed.ok === false) {
  process.stderr.write(`skillshelf-server: ${parsed.message}\n`);
  process.exit(2);
}
const { config } = parsed;
// A store that cannot be opened at start stops the server with one line and
// the table's exit code, as the CLI's: 2 for a --store that is no URL, 3 for
// a database that cannot be reached. Later losses only make it unready.
const opened = await openShelf(
  { ...config.shelf, tool: toolName("skillshelf-server", packageJson) },
  process.env,
  process.cwd(),
);
if (!opened.ok) {
  process.stderr.write(`skillshelf-server: ${message(opened.refusal)}\n`);
  process.exit(exitCode(opened.refusal));
}
const { shelf } = opened;
// The directory store's folder is made at start, so a bad --data is said now, not at the first import.
const { managed } = shelf.roots;
if (managed instanceof DirectoryStore) {
  try {
    await mkdir(managed.root, { recursive: true });
  } catch (error) {
    process.stderr.write(
      `skillshelf-server: cannot create the data directory ${managed.root} (${(error as Error).message}); choose another with --data.\n`,
    );
    process.exit(2);
  }
}

const token = config.token ?? generateToken();
const server = await buildApp({
  shelf,
  token,
  readToken: config.readToken,
  host: config.host,
  allowedHosts: config.allowedHosts,
  lock: config.lock === undefined ? undefined : resolve(config.lock),
});
// Fastify logs "Server listening" as it binds; that line waits until the
// console URL is printed, so on a terminal the URL is the first line a person sees.
const level = server.app.log.level;
server.app.log.level = "warn";
try {
  await server.app.listen({ host: config.host, port: config.port });
} catch (error) {
  process.stderr.write(
    `skillshelf-server: cannot listen on ${config.host}:${config.port} (${(error as Error).message}); choose another --port or --host.\n`,
  );
  process.exit(1);
}
exitOnSignals(server);

const { port } = server.app.server.address() as AddressInfo;
const url = consoleUrl(config.host, port);
const listening = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
process.stdout.write(
  // The console URL first: it is the line a person starting the server wants.
  [
    config.token === undefined
      ? `console: ${url}#token=${token}`
      : `console: ${url} (append #token= and your SKILLSHELF_TOKEN)`,
    `  skillshelf-server on ${listening}`,
    `  builtin skills: ${shelf.roots.builtin}`,
    `  managed skills: ${shelf.managedLocation}`,
    "",
  ].join("\n"),
);
server.app.log.level = level;
server.app.log.info(`Server listening at ${listening}`);
