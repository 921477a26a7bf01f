#!/usr/bin/env node
// skillshelf-server: reads the config (exit 2 on a bad one), opens the store,
// listens, and prints where the console is. A generated token is printed in
// the console URL's fragment, the one place it is meant to be read from; a
// token set in the environment is never printed.
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { message } from "@skillshelf/contract";
import { openRoots } from "@skillshelf/store-postgres";
import { buildApp } from "./app.js";
import { generateToken } from "./auth.js";
import { parseConfig } from "./config.js";
import { consoleUrl } from "./console-url.js";
import { exitOnSignals } from "./shutdown.js";

const parsed = parseConfig(process.argv.slice(2), process.env);
if (parsed.ok === "version") {
  const manifest = readFileSync(new URL("../package.json", import.meta.url), "utf8");
  process.stdout.write(`${(JSON.parse(manifest) as { version: string }).version}\n`);
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
if (config.roots.store === undefined) {
  try {
    await mkdir(config.roots.managed, { recursive: true });
  } catch (error) {
    process.stderr.write(
      `skillshelf-server: cannot create the data directory ${config.roots.managed} (${(error as Error).message}); choose another with --data.\n`,
    );
    process.exit(2);
  }
}
// A store that cannot be reached at start stops the server with one line
// (exit 3, as the CLI's store-failed); later losses only make it unready.
const opened = await openRoots(config.roots);
if (!opened.ok) {
  process.stderr.write(`skillshelf-server: ${message(opened.refusal)}\n`);
  process.exit(3);
}
const { roots } = opened;
const managedLocation = typeof roots.managed === "string" ? roots.managed : roots.managed.location;

const token = config.token ?? generateToken();
const server = await buildApp({
  roots,
  token,
  host: config.host,
  allowedHosts: config.allowedHosts,
});
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
process.stdout.write(
  // The console URL first: it is the line a person starting the server wants.
  [
    config.token === undefined
      ? `console: ${url}#token=${token}`
      : `console: ${url} (append #token= and your SKILLSHELF_TOKEN)`,
    `  skillshelf-server on http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`,
    `  builtin skills: ${roots.builtin}`,
    `  managed skills: ${managedLocation}`,
    "",
  ].join("\n"),
);
