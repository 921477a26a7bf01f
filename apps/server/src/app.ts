// Assembles the server from its parts without listening, so tests and the
// bin build the same thing: security headers on every answer, the token on
// everything under /api, the routes, and the error answers. No body parser
// is shared: only the import route reads a request body.
import { MAX_BYTES } from "@skillshelf/contract";
import type { Shelf } from "@skillshelf/shelf";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { isApiRequest } from "./api-request.js";
import { requireToken } from "./auth.js";
import { AuthFailures } from "./auth-failures.js";
import { CatalogChanges } from "./catalog-changes.js";
import { answerErrors } from "./errors.js";
import { checkHost } from "./host-check.js";
import { type ImportCaps, importCaps } from "./imports/caps.js";
import { ImportGate } from "./imports/gate.js";
import type { UploadRate } from "./imports/upload-watch.js";
import { cutUnreadBodies } from "./linger.js";
import { logDestination } from "./log-lines.js";
import { registerConsoleRoutes } from "./routes/console.js";
import { registerEventRoutes } from "./routes/events.js";
import { registerImportRoutes } from "./routes/imports.js";
import { registerInfoRoutes } from "./routes/info.js";
import { registerLockRoutes } from "./routes/lock.js";
import { registerMcpRoute } from "./routes/mcp.js";
import { registerSkillRoutes } from "./routes/skills.js";
import { addSecurityHeaders } from "./security-headers.js";

export type AppOptions = {
  /** The application layer every route calls (openShelf, or shelfOver for roots at hand). */
  shelf: Shelf;
  token: string;
  /** A read-only token (SKILLSHELF_READ_TOKEN); tokens minted from `token` are read-only too. */
  readToken?: string | undefined;
  /** The host the server listens on (default 127.0.0.1): a Host header may name it. */
  host?: string;
  /** More names a Host header may carry (`--allowed-host`), beside localhost, 127.0.0.1 and [::1]. */
  allowedHosts?: readonly string[];
  /** The lock GET /api/lock-status holds the managed store against (absent: that route refuses). */
  lock?: string | undefined;
  /** Imports served at once (default 4). */
  concurrentImports?: number;
  /** Pino options, or false for silence (default: info to stderr); the token is always redacted. */
  logger?: false | Exclude<FastifyServerOptions["logger"], boolean | undefined>;
  /** Log every request, not only imports and removals (default false). */
  logRequests?: boolean;
  /** The slowest an import body may arrive (default 8 KiB/s over 10 s windows); slower is cut with 408. */
  uploadRate?: UploadRate;
  /** Milliseconds a socket may stay idle (default 30 s). */
  connectionTimeout?: number;
  /** Milliseconds a whole request may take to arrive (default 5 min). */
  requestTimeout?: number;
  /** Event streams (GET /api/events) open at once (default 64). */
  maxEventStreams?: number;
};

export type ServerApp = {
  app: FastifyInstance;
  gate: ImportGate;
  caps: ImportCaps;
  changes: CatalogChanges;
};

const redact = {
  paths: ["req.headers.authorization", "headers.authorization", "authorization"],
  censor: "[redacted]",
};

const loggerOf = (logger: AppOptions["logger"]): FastifyServerOptions["logger"] =>
  logger === false
    ? false
    : { level: "info", stream: logDestination(process.stderr), ...logger, redact };

/** Builds the server, ready to `listen()` or `inject()`. */
export async function buildApp(options: AppOptions): Promise<ServerApp> {
  const connectionTimeout = options.connectionTimeout ?? 30_000;
  const requestTimeout = options.requestTimeout ?? 300_000;
  const app = Fastify({
    logger: loggerOf(options.logger),
    // Requests are not logged one by one; imports and removals log their outcome.
    logController: new LogController({ disableRequestLogging: options.logRequests !== true }),
    connectionTimeout,
    requestTimeout,
    keepAliveTimeout: 5_000,
    http: { headersTimeout: Math.min(requestTimeout, 30_000), connectionsCheckingInterval: 1_000 },
    // Shutdown is closeGracefully's: idle keep-alive connections are not cut
    // (a request racing the cut would meet a reset); their next answer says
    // Connection: close instead, and every answer keeps the one shape.
    return503OnClosing: false,
    forceCloseConnections: false,
  });
  const caps = importCaps(options.concurrentImports ?? 4);
  const gate = new ImportGate(caps.maxConcurrentImports);

  app.removeAllContentTypeParsers();
  checkHost(app, options.host ?? "127.0.0.1", options.allowedHosts ?? []);
  addSecurityHeaders(app);
  cutUnreadBodies(app, { maxMs: 2_000, maxBytes: MAX_BYTES });
  // While shutting down, every answer closes its connection, so the drain ends.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (gate.closed) reply.header("connection", "close");
    return payload;
  });
  // The connection's idle timeout guards a client that stops sending (its
  // headers, its body); once a request is in and being worked on, silence is
  // the server's own (an import waiting for its turn or the store's lock, a
  // list behind a slow store), and cutting it left clients with no answer
  // while the work went on and committed. So the timeout is lifted from the
  // handler's start until the answer is sent, and then holds for the answer
  // as for any write. Reads of a stalled database have their own limit
  // (store-postgres's readTimeoutMs) and answer store-unavailable.
  app.addHook("preHandler", async (request) => {
    request.raw.socket?.setTimeout(0);
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    request.raw.socket?.setTimeout(connectionTimeout);
    return payload;
  });
  const authFailures = new AuthFailures();
  const authorize = requireToken(
    { token: options.token, readToken: options.readToken },
    authFailures,
  );
  app.addHook("onRequest", async (request, reply) => {
    if (isApiRequest(request)) await authorize(request, reply);
  });
  answerErrors(app);

  registerConsoleRoutes(app);
  registerInfoRoutes(app, options.shelf, caps, authFailures);
  registerLockRoutes(app, options.shelf, options.lock);
  const changes = new CatalogChanges(options.shelf);
  app.addHook("onClose", async () => changes.close());
  registerSkillRoutes(app, options.shelf);
  registerImportRoutes(app, options.shelf, caps, gate, options.uploadRate);
  await registerMcpRoute(app, options.shelf);
  registerEventRoutes(app, changes, {
    closing: gate.closing,
    ...(options.maxEventStreams === undefined ? {} : { maxStreams: options.maxEventStreams }),
  });
  await app.ready();
  return { app, gate, caps, changes };
}
