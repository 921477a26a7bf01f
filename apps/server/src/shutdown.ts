// Graceful shutdown: on SIGTERM or SIGINT the server stops listening and
// turns new imports away (503), lets the requests in flight (imports above
// all) finish, waits for any import whose client has left, and exits 0. A
// second signal, or a drain that outlasts the grace period, exits 1 at once.
import type { ServerApp } from "./app.js";

export type ShutdownOptions = {
  /** Longest wait for in-flight work before giving up, in ms (default 60 s). */
  graceMs?: number;
  exit?: (code: number) => void;
};

/** Stops a running server: no new imports, in-flight ones finish, then it closes. */
export async function closeGracefully({ app, gate }: ServerApp): Promise<void> {
  gate.close();
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
