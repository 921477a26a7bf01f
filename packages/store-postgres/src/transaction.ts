// One transaction on a connection of the pool. A checked-out pg client has
// no error listener of the pool's, and a connection lost while it is checked
// out (the server restarted, the backend terminated) emits `error` on it: a
// listener is attached for the whole checkout so that loss surfaces as the
// rejected query it causes, never as an uncaught exception that would take
// a server down. A client that failed is destroyed, not returned to the pool.
import type pg from "pg";

export type Run = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: unknown[],
  /** `waits`: the statement may rightly wait long (for a lock another writer holds); see whileAnswering. */
  options?: { waits?: boolean },
) => Promise<R[]>;

/**
 * The database gave no answer in time (a query, a new connection, or a check
 * made while a statement waited): the store cannot be reached, which every
 * surface says as `store-unavailable`, not as a failed write.
 */
export class NoAnswer extends Error {}

/** pg's own words for an answer that did not come in time. */
const TIMED_OUT = [
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
];

const noAnswerOr = (error: unknown): unknown =>
  error instanceof Error && TIMED_OUT.includes(error.message)
    ? new NoAnswer(error.message, { cause: error })
    : error;

/**
 * One query, with a client-side limit on how long it may wait for its
 * answer when `timeoutMs` is given: a server that is frozen (stopped, or
 * its host gone without a reset) never answers, and the server-side
 * statement_timeout cannot fire in a process that does not run.
 */
const queryOf = (text: string, values: unknown[], timeoutMs: number | undefined) =>
  timeoutMs === undefined ? { text, values } : { text, values, query_timeout: timeoutMs };

/**
 * Waits for `waiting` while asking the database, on a connection of its own,
 * whether it still answers, every `everyMs`: a lock held by another writer is
 * waited for as long as it is held, but a database that stops answering
 * (frozen, its host gone without a reset) fails the wait with NoAnswer
 * within about twice `everyMs`, instead of never.
 */
async function whileAnswering<T>(pool: pg.Pool, waiting: Promise<T>, everyMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const silent = new Promise<never>((_, reject) => {
    const check = (): void => {
      timer = setTimeout(() => {
        pool
          .query(queryOf("SELECT 1", [], everyMs))
          .then(() => {
            if (!done) check();
          })
          .catch((error: unknown) => reject(noAnswerOr(error)));
      }, everyMs);
    };
    check();
  });
  // The waiting statement settles later, when its connection is destroyed; that is expected.
  waiting.catch(() => {});
  silent.catch(() => {});
  try {
    return await Promise.race([waiting, silent]);
  } finally {
    done = true;
    clearTimeout(timer);
  }
}

/** The rows of one parameterised query on the pool (a client that timed out is destroyed by the pool). */
export const runOn =
  (pool: pg.Pool, timeoutMs?: number): Run =>
  async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await pool.query<R>(queryOf(text, values, timeoutMs))).rows;

/** Runs `body` inside BEGIN … COMMIT on one connection; rolls back if it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  body: (run: Run) => Promise<T>,
  begin = "BEGIN",
  timeoutMs?: number,
): Promise<T> {
  const client = await pool.connect().catch((error: unknown) => {
    throw noAnswerOr(error);
  });
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on("error", onError);
  const run: Run = async <R extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
    options: { waits?: boolean } = {},
  ) => {
    try {
      if (options.waits !== true || timeoutMs === undefined) {
        return (await client.query<R>(queryOf(text, values, timeoutMs))).rows;
      }
      return (await whileAnswering(pool, client.query<R>({ text, values }), timeoutMs)).rows;
    } catch (error) {
      throw noAnswerOr(error);
    }
  };
  try {
    await run(begin);
    const result = await body(run);
    await run("COMMIT");
    return result;
  } catch (error) {
    // A timed-out query may still be running on this connection: it is
    // destroyed rather than rolled back and reused.
    if (timeoutMs !== undefined) lost ??= error as Error;
    else await client.query("ROLLBACK").catch(() => {});
    throw lost ?? error;
  } finally {
    client.removeListener("error", onError);
    // A client whose connection failed must not serve the next caller.
    client.release(lost);
  }
}
