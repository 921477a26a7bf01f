// Where a browser on this machine finds the console: a wildcard or loopback
// host is reached at 127.0.0.1, any other host by its own name.
import { isLoopbackHost } from "./config.js";

const wildcardHosts = new Set(["0.0.0.0", "::", "[::]"]);

/** The console's base URL for a server listening on `host`:`port`. */
export function consoleUrl(host: string, port: number): string {
  if (wildcardHosts.has(host) || (isLoopbackHost(host) && !host.includes(":")))
    return `http://127.0.0.1:${port}/`;
  return host.includes(":") ? `http://[${host}]:${port}/` : `http://${host}:${port}/`;
}
