// Graceful shutdown: on SIGTERM or SIGINT the server stops accepting
// connections, turns new imports away and cuts the uploads still arriving
// (503 shutting-down, at once: a dribbling client must not hold the exit),
// lets the imports already reading their bundle finish, waits for any import
// whose client has left, and exits 0. Connections stay open until their
// answer is sent: every answer from now on says Connection: close, so an idle
// keep-alive client learns on its next request rather than meeting a reset;
// one that stays idle is closed by the keep-alive timeout. A second signal,
// or a drain that outlasts the grace period, exits 1 at once.
import { Server } from "node:net";
import type { ServerApp } from "./app.js";

export type ShutdownOptions = {
  /** Longest wait for in-flight work before giving up, in ms (default 60 s). */
  graceMs?: number;
  exit?: (code: number) => void;
};

/** Stops a running server: no new imports, in-flight ones finish, then it closes. */
export async function closeGracefully({ app, gate }: ServerApp): Promise<void> {
  gate.close();
  if (app.server.listening) {
    // net's close, not http's: http.Server#close also cuts idle keep-alive
    // connections at once. This one stops accepting and resolves when the
    // last connection has ended.
    await new Promise<void>((resolve) => Server.prototype.close.call(app.server, () => resolve()));
  }
  await app.close();
  await gate.drained();
}

/** Installs the SIGTERM and SIGINT handlers for a listening server. */
export function exitOnSignals(server: ServerApp, options: ShutdownOptions = {}): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const graceMs = options.graceMs ?? 60_000;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      server.app.log.warn({ signal }, "second signal: exiting now");
      exit(1);
      return;
    }
    stopping = true;
    server.app.log.info({ signal, imports: server.gate.running }, "shutting down");
    const timer = setTimeout(() => {
      server.app.log.error({ graceMs }, "in-flight work outlasted the grace period");
      exit(1);
    }, graceMs);
    timer.unref();
    closeGracefully(server).then(
      () => {
        clearTimeout(timer);
        server.app.log.info("stopped");
        exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, "shutdown failed");
        exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
