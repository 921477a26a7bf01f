// The managed store on PostgreSQL. It keeps skills and their install
// records; the catalog's rules (what a skill is, one namespace, digest,
// revision, what an install may hold) stay in skill-catalog and run the same
// over these rows as over a directory. Every write is one transaction that
// first takes the store's advisory lock, so writers on every host serialize
// as they do on a directory's lock file and `admit` sees the store as it is
// at that instant: of two replicas importing one id, exactly one writes it
// and the other is refused `already-defined`. A transaction the connection
// loses, or whose process dies, is rolled back by the server: nothing is
// half-stored. Every value reaches SQL as a parameter.
import { createHash, randomUUID } from "node:crypto";
import { MAX_SKILL_FILE_BYTES, type Refusal } from "@skillshelf/contract";
import { checkRecord } from "@skillshelf/skill-catalog";
import type pg from "pg";
import type {
  Admit,
  FileRead,
  InstallRecord,
  ManagedStore,
  RecordRead,
  StagedSkill,
  StoreApply,
  StoreChange,
  StoredEntry,
  StoredFiles,
  StoreUsage,
  StoreView,
  StoreWriteResult,
} from "./catalog-types.js";
import { CHANNEL, changeOf, noticesOf, RESYNC } from "./feed.js";
import { type Listening, listen } from "./listener.js";
import { entryOf, type SkillRow } from "./rows.js";
import { inTransaction, NoAnswer, type Run, runOn } from "./transaction.js";

/** The key writers take with pg_advisory_xact_lock ("writes" in ASCII); migrations use another. */
const WRITE_LOCK = 0x777269746573;

/** Rows per INSERT of files, so one statement's arrays stay a few megabytes at most. */
const FILES_PER_INSERT = 2_000;

const SKILL_FILE = "SKILL.md";

/** Files above this many bytes are inserted one by one, as a binary parameter (writeSkills). */
const LARGE_FILE_BYTES = 256 * 1024;

/** A skill row with its SKILL.md: integrity and size are judged in rows.ts, the rest by the catalog. */
const ENTRY_COLUMNS = `s.id, f.executable, f.sha256, octet_length(f.bytes) AS size,
  CASE WHEN octet_length(f.bytes) <= $1 THEN f.bytes END AS bytes
  FROM skillshelf.skills s
  LEFT JOIN skillshelf.files f ON f.skill_id = s.id AND f.path = $2`;

type Listener = (change: StoreChange) => void;

/** What went wrong, in words that never carry the URL or its password. */
export function describeStoreError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeStoreError(error.errors[0]);
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && !error.message.includes(code)
      ? `${error.message} (${code})`
      : error.message;
  }
  return String(error);
}

/** A read that failed (no connection, no answer in time), as the refusal every surface answers. */
function unavailable(location: string, error: unknown): Error & Refusal {
  const detail = describeStoreError(error);
  const message = `the store at ${location} cannot be read: ${detail}`;
  return Object.assign(new Error(message, { cause: error }), {
    code: "store-unavailable" as const,
    path: location,
    detail,
  });
}

/** The managed store on PostgreSQL, as openPostgresStore hands it out. */
export type PostgresStore = ManagedStore & {
  /** Resolves once the first LISTEN is registered (tests wait on it; subscribers need not). */
  listening(): Promise<void>;
};

export class PgStore implements PostgresStore {
  readonly location: string;
  readonly #pool: pg.Pool;
  readonly #run: Run;
  readonly #readTimeoutMs: number | undefined;
  readonly #writeTimeoutMs: number | undefined;
  readonly #config: pg.ClientConfig;
  /** Names this process in its notifications, so it can skip its own when they come back. */
  readonly #origin: string = randomUUID();
  readonly #listeners = new Set<Listener>();
  #listening: Listening | undefined;
  #closed = false;

  /** Use openPostgresStore, which migrates the schema first. */
  constructor(
    pool: pg.Pool,
    config: pg.ClientConfig,
    location: string,
    readTimeoutMs?: number,
    writeTimeoutMs?: number,
  ) {
    this.#pool = pool;
    this.#readTimeoutMs = readTimeoutMs;
    this.#writeTimeoutMs = writeTimeoutMs;
    // Every call through #run is a read: bounded in time, and a failure is
    // the store being unavailable, thrown as that refusal (toRefusal passes
    // it through on every surface) rather than a 500 or a hang.
    const run = runOn(pool, readTimeoutMs);
    this.#run = async (text, values) => {
      try {
        return await run(text, values);
      } catch (error) {
        throw unavailable(this.location, error);
      }
    };
    this.#config = config;
    this.location = location;
  }

  async list(): Promise<StoredEntry[]> {
    return listEntries(this.#run, this.location);
  }

  async usage(): Promise<StoreUsage> {
    return usageOf(this.#run);
  }

  async inspect(id: string): Promise<StoredEntry | undefined> {
    const [row] = await this.#run<SkillRow>(`SELECT ${ENTRY_COLUMNS} WHERE s.id = $3`, [
      MAX_SKILL_FILE_BYTES,
      SKILL_FILE,
      id,
    ]);
    return row === undefined ? undefined : entryOf(this.location, row, MAX_SKILL_FILE_BYTES);
  }

  async files(id: string): Promise<StoredFiles> {
    return inTransaction(
      this.#pool,
      (run) => filesOf(run, id),
      "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
      this.#readTimeoutMs,
    ).catch((error: unknown) => {
      throw unavailable(this.location, error);
    });
  }

  async readFile(id: string, path: string): Promise<FileRead> {
    const [file] = await this.#run<{ executable: boolean; bytes: Buffer }>(
      "SELECT executable, bytes FROM skillshelf.files WHERE skill_id = $1 AND path = $2",
      [id, path],
    );
    if (file === undefined) return { kind: "missing" };
    return { kind: "bytes", bytes: file.bytes, executable: file.executable };
  }

  async record(id: string): Promise<RecordRead> {
    const [row] = await this.#run<{ record: unknown }>(
      "SELECT record FROM skillshelf.skills WHERE id = $1",
      [id],
    );
    // SQL NULL and a JSON null read alike: no record, as for a skill stored without one.
    if (row === undefined || row.record === null) return { kind: "missing" };
    return checkRecord(row.record, id);
  }

  async records(): Promise<InstallRecord[]> {
    const rows = await this.#run<{ id: string; record: unknown }>(
      "SELECT id, record FROM skillshelf.skills WHERE record IS NOT NULL",
    );
    return rows.flatMap((row) => {
      const read = checkRecord(row.record, row.id);
      return read.kind === "record" ? [read.record] : [];
    });
  }

  async install(skills: readonly StagedSkill[], admit: Admit): Promise<StoreWriteResult> {
    const ids = skills.map(({ skill }) => skill.name);
    let result: StoreWriteResult;
    try {
      result = await this.#write(async (run): Promise<StoreWriteResult> => {
        await run("SELECT pg_advisory_xact_lock($1)", [WRITE_LOCK], { waits: true });
        const refusal = await admit(viewOf(run));
        if (refusal !== undefined) return { ok: false, refusal };
        if (skills.length === 0) return { ok: true };
        // A replaced skill goes whole (its files cascade) before the new one is written.
        await run("DELETE FROM skillshelf.skills WHERE id = ANY($1::text[])", [ids]);
        await writeSkills(run, skills);
        await this.#notify(run, { kind: "installed", ids });
        return { ok: true };
      });
    } catch (error) {
      return { ok: false, refusal: this.#refusalOf(error, ids) };
    }
    if (result.ok && skills.length > 0) this.#emit({ kind: "installed", ids });
    return result;
  }

  async apply(change: StoreApply, admit: Admit): Promise<StoreWriteResult> {
    const ids = change.install.map(({ skill }) => skill.name);
    const installing = new Set(ids);
    const removing = change.remove.filter((id) => !installing.has(id));
    let removed: string[] = [];
    let result: StoreWriteResult;
    try {
      result = await this.#write(async (run): Promise<StoreWriteResult> => {
        await run("SELECT pg_advisory_xact_lock($1)", [WRITE_LOCK], { waits: true });
        const refusal = await admit(viewOf(run));
        if (refusal !== undefined) return { ok: false, refusal };
        const gone = await run<{ id: string }>(
          "DELETE FROM skillshelf.skills WHERE id = ANY($1::text[]) RETURNING id",
          [removing],
        );
        removed = gone.map(({ id }) => id).sort();
        if (ids.length > 0) {
          await run("DELETE FROM skillshelf.skills WHERE id = ANY($1::text[])", [ids]);
          await writeSkills(run, change.install);
          await this.#notify(run, { kind: "installed", ids });
        }
        if (removed.length > 0) await this.#notify(run, { kind: "removed", ids: removed });
        return { ok: true };
      });
    } catch (error) {
      return { ok: false, refusal: this.#refusalOf(error, [...ids, ...removing]) };
    }
    if (result.ok && ids.length > 0) this.#emit({ kind: "installed", ids });
    if (result.ok && removed.length > 0) this.#emit({ kind: "removed", ids: removed });
    return result;
  }

  async remove(id: string): Promise<StoreWriteResult> {
    let result: StoreWriteResult;
    try {
      result = await this.#write(async (run): Promise<StoreWriteResult> => {
        await run("SELECT pg_advisory_xact_lock($1)", [WRITE_LOCK], { waits: true });
        const removed = await run("DELETE FROM skillshelf.skills WHERE id = $1 RETURNING id", [id]);
        if (removed.length === 0) {
          return { ok: false, refusal: { code: "unknown-skill", skill: id } };
        }
        await this.#notify(run, { kind: "removed", ids: [id] });
        return { ok: true };
      });
    } catch (error) {
      return { ok: false, refusal: this.#refusalOf(error, [id]) };
    }
    if (result.ok) this.#emit({ kind: "removed", ids: [id] });
    return result;
  }

  async probeWritable(): Promise<StoreWriteResult> {
    try {
      const [row] = await this.#run<{ writable: boolean }>(
        `SELECT has_table_privilege($1, 'INSERT, DELETE')
            AND has_table_privilege($2, 'INSERT, DELETE') AS writable`,
        ["skillshelf.skills", "skillshelf.files"],
      );
      if (row?.writable === true) return { ok: true };
      return {
        ok: false,
        refusal: {
          code: "store-failed",
          detail: `the role connected to ${this.location} may not write the skillshelf tables`,
        },
      };
    } catch (error) {
      return { ok: false, refusal: this.#refusalOf((error as Error).cause ?? error, []) };
    }
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    this.#listening ??= listen({
      config: this.#config,
      channel: CHANNEL,
      onNotification: (payload) => {
        const change = changeOf(this.#origin, payload);
        if (change !== undefined) this.#emit(change);
      },
      onReconnect: () => this.#emit(RESYNC),
    });
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Resolves once this store's first LISTEN is registered (tests wait on it; subscribers need not). */
  async listening(): Promise<void> {
    await this.#listening?.ready;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    await this.#listening?.stop();
    await this.#pool.end();
  }

  /**
   * One write transaction. Each statement waits for the database's answer at
   * most writeTimeoutMs, but taking the store's lock waits as long as another
   * writer holds it, while the database keeps answering.
   */
  #write(body: (run: Run) => Promise<StoreWriteResult>): Promise<StoreWriteResult> {
    return inTransaction(this.#pool, body, "BEGIN", this.#writeTimeoutMs);
  }

  async #notify(run: Run, change: StoreChange): Promise<void> {
    for (const notice of noticesOf(this.#origin, change)) {
      await run("SELECT pg_notify($1, $2)", [CHANNEL, notice]);
    }
  }

  #emit(change: StoreChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch {
        // One subscriber's failure is its own; the others still hear of the change.
      }
    }
  }

  #refusalOf(error: unknown, ids: readonly string[]): Refusal {
    // No answer in time: nothing was written (the connection is dropped, so
    // the server rolls back), and the database is what to look at.
    if (error instanceof NoAnswer) {
      return { code: "store-unavailable", path: this.location, detail: describeStoreError(error) };
    }
    // Another writer that bypassed the lock stored one of these ids first.
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "skills_pkey") {
      return { code: "already-defined", skill: ids[0], other: this.location, origin: "managed" };
    }
    const refusal: Refusal = {
      code: "store-failed",
      detail: `the store at ${this.location}: ${describeStoreError(error)}`,
    };
    if (ids.length === 1) refusal.skill = ids[0];
    return refusal;
  }
}

async function listEntries(run: Run, location: string): Promise<StoredEntry[]> {
  const rows = await run<SkillRow>(`SELECT ${ENTRY_COLUMNS}`, [MAX_SKILL_FILE_BYTES, SKILL_FILE]);
  return rows.map((row) => entryOf(location, row, MAX_SKILL_FILE_BYTES));
}

/** Each stored skill and its SKILL.md's length, in one query that reads no body (a bytea's length is in its header). */
async function usageOf(run: Run): Promise<StoreUsage> {
  const rows = await run<{ id: string; bytes: number | null }>(
    `SELECT s.id, octet_length(f.bytes) AS bytes FROM skillshelf.skills s
     LEFT JOIN skillshelf.files f ON f.skill_id = s.id AND f.path = $1`,
    [SKILL_FILE],
  );
  return new Map(rows.flatMap((row) => (row.bytes === null ? [] : [[row.id, Number(row.bytes)]])));
}

/** The files of `id` as `run`'s transaction sees them. */
async function filesOf(run: Run, id: string): Promise<StoredFiles> {
  const [skill] = await run("SELECT 1 FROM skillshelf.skills WHERE id = $1", [id]);
  if (skill === undefined) return { ok: false, absent: true };
  const files = await run<{ path: string; executable: boolean; bytes: Buffer }>(
    'SELECT path, executable, bytes FROM skillshelf.files WHERE skill_id = $1 ORDER BY path COLLATE "C"',
    [id],
  );
  return { ok: true, files };
}

/** The store as a writer sees it inside its transaction, after taking the lock. */
function viewOf(run: Run): StoreView {
  return {
    has: async (id) =>
      (await run("SELECT 1 FROM skillshelf.skills WHERE id = $1", [id])).length > 0,
    usage: () => usageOf(run),
    files: (id) => filesOf(run, id),
  };
}

async function writeSkills(run: Run, skills: readonly StagedSkill[]): Promise<void> {
  await run(
    `INSERT INTO skillshelf.skills (id, tree_digest, record, installed_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::timestamptz[])`,
    [
      skills.map(({ skill }) => skill.name),
      skills.map(({ record }) => record.tree.digest),
      skills.map(({ record }) => JSON.stringify(record)),
      skills.map(({ record }) => record.installedAt),
    ],
  );
  const rows = skills.flatMap(({ skill, record }) => {
    const sha = new Map(record.tree.files.map((file) => [file.path, file.sha256]));
    return skill.files.map((file) => {
      const bytes = bytesOf(file);
      return {
        id: skill.name,
        path: file.path,
        executable: file.executable,
        sha256: sha.get(file.path) ?? createHash("sha256").update(bytes).digest("hex"),
        bytes,
      };
    });
  });
  // A large file goes in a statement of its own, its bytes one binary
  // parameter: inside a bytea[] array parameter node-postgres writes them as
  // hex text, so a 60 MB file cost 120 MB of string and as much again in the
  // message (docs/benchmarks.md, "PostgreSQL import memory").
  for (const row of rows.filter((each) => each.bytes.length > LARGE_FILE_BYTES)) {
    await run(
      `INSERT INTO skillshelf.files (skill_id, path, executable, sha256, bytes)
       VALUES ($1, $2, $3, $4, $5)`,
      [row.id, row.path, row.executable, row.sha256, row.bytes],
    );
  }
  const small = rows.filter((each) => each.bytes.length <= LARGE_FILE_BYTES);
  for (let start = 0; start < small.length; start += FILES_PER_INSERT) {
    const chunk = small.slice(start, start + FILES_PER_INSERT);
    await run(
      `INSERT INTO skillshelf.files (skill_id, path, executable, sha256, bytes)
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::bytea[])`,
      [
        chunk.map((row) => row.id),
        chunk.map((row) => row.path),
        chunk.map((row) => row.executable),
        chunk.map((row) => row.sha256),
        chunk.map((row) => row.bytes),
      ],
    );
  }
}

/** A file's bytes as the reader proved them (or, from a reader that keeps only text, its UTF-8). */
function bytesOf(file: { text: string; bytes?: Uint8Array }): Buffer {
  const { bytes } = file;
  if (bytes === undefined) return Buffer.from(file.text, "utf8");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
