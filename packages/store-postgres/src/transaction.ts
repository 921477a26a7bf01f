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
) => Promise<R[]>;

/**
 * One query, with a client-side limit on how long it may wait for its
 * answer when `timeoutMs` is given: a server that is frozen (stopped, or
 * its host gone without a reset) never answers, and the server-side
 * statement_timeout cannot fire in a process that does not run.
 */
const queryOf = (text: string, values: unknown[], timeoutMs: number | undefined) =>
  timeoutMs === undefined ? { text, values } : { text, values, query_timeout: timeoutMs };

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
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on("error", onError);
  const run: Run = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<R>(queryOf(text, values, timeoutMs))).rows;
  try {
    await client.query(queryOf(begin, [], timeoutMs));
    const result = await body(run);
    await client.query("COMMIT");
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
