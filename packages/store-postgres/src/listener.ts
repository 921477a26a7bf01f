// The one connection a store holds for LISTEN. pg's clients do not come back
// by themselves, so this one does: when its connection ends or fails it is
// replaced after a short, growing wait (100 ms up to 5 s), LISTEN is issued
// again, and `onReconnect` runs, since notifications sent meanwhile were
// lost. `stop()` ends it for good.
import pg from "pg";

export type ListenerOptions = {
  config: pg.ClientConfig;
  channel: string;
  onNotification: (payload: string) => void;
  onReconnect: () => void;
};

export type Listening = {
  /** Resolves once the first LISTEN is registered (or the first attempt failed). */
  ready: Promise<void>;
  stop(): Promise<void>;
};

const FIRST_WAIT_MS = 100;
const LONGEST_WAIT_MS = 5_000;

export function listen(options: ListenerOptions): Listening {
  let stopped = false;
  let client: pg.Client | undefined;
  let wait = FIRST_WAIT_MS;
  let timer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const retry = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void attempt();
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, LONGEST_WAIT_MS);
  };

  const attempt = async (): Promise<void> => {
    const next = new pg.Client(options.config);
    let failed = false;
    const lose = () => {
      if (failed) return;
      failed = true;
      if (client === next) client = undefined;
      next.end().catch(() => {});
      retry();
    };
    next.on("error", lose);
    next.on("end", lose);
    next.on("notification", (message) => {
      if (message.channel === options.channel && message.payload !== undefined) {
        options.onNotification(message.payload);
      }
    });
    try {
      await next.connect();
      // The channel is a constant of this package, never a caller's value.
      await next.query(`LISTEN ${options.channel}`);
    } catch {
      lose();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    wait = FIRST_WAIT_MS;
    if (everConnected) options.onReconnect();
    everConnected = true;
  };

  const ready = attempt();
  return {
    ready,
    stop: async () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
