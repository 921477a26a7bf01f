// Which Host a request may name. A page on another site can make a browser
// send requests here under its own name (DNS rebinding), so only names that
// mean this server are served: the host it is bound to, localhost,
// 127.0.0.1 and [::1], and what the operator adds with --allowed-host, each
// with the port the connection came in on (a bare name only on port 80);
// an --allowed-host given with a port matches that Host exactly.
// Anything else is answered 421 Misdirected Request with no body at all,
// before the token is looked at: there is nothing to say to that page.
import type { FastifyInstance, FastifyRequest } from "fastify";

const bracketed = (host: string): string =>
  host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;

const hostPattern = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/** What a server answers to: names on its own port, and exact `name:port` values. */
export type ServedHosts = { names: Set<string>; exact: Set<string> };

/** The hosts a server bound to `host` answers to, with the operator's `allowedHosts`. */
export function servedNames(host: string, allowedHosts: readonly string[]): ServedHosts {
  const names = new Set(["localhost", "127.0.0.1", "[::1]", bracketed(host.toLowerCase())]);
  const exact = new Set<string>();
  for (const allowed of allowedHosts.map((value) => value.toLowerCase())) {
    const match = hostPattern.exec(allowed);
    if (match?.[2] !== undefined) exact.add(`${match[1]}:${Number(match[2])}`);
    else names.add(bracketed(allowed));
  }
  return { names, exact };
}

/** Whether a Host header names this server, reached on `port`. */
export function isServedHost(
  header: string | undefined,
  served: ServedHosts,
  port: number,
): boolean {
  const match = hostPattern.exec(header?.toLowerCase() ?? "");
  if (match === null) return false;
  const [, name = "", given] = match;
  if (given === undefined) return port === 80 && served.names.has(name);
  return (
    (Number(given) === port && served.names.has(name)) ||
    served.exact.has(`${name}:${Number(given)}`)
  );
}

/** Answers 421 with no body to any request whose Host does not name this server. */
export function checkHost(
  app: FastifyInstance,
  host: string,
  allowedHosts: readonly string[],
): void {
  const served = servedNames(host, allowedHosts);
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const port = request.socket.localPort ?? 0;
    if (isServedHost(request.headers.host, served, port)) return;
    request.log.warn({ host: request.headers.host, remote: request.ip }, "misdirected request");
    await reply.code(421).header("connection", "close").send();
  });
}
