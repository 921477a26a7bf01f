// The store's schema, created and migrated by the package itself. Each
// migration is a numbered list of statements applied in one transaction with
// its number recorded in `skillshelf.schema_version`; the whole run holds a
// transaction-scoped advisory lock, so two processes starting at once
// migrate once and the second finds the work done. Nothing here needs a
// superuser: the role needs only the right to create a schema in its
// database (the database's owner has it), and none at all once the schema
// exists. A schema newer than this code is refused rather than guessed at.
import type pg from "pg";
import { inTransaction } from "./transaction.js";

/** The advisory lock key every migrating process takes (an arbitrary constant: "skillshelf" in ASCII). */
const MIGRATION_LOCK = 0x736b696c6c73;

/**
 * The migrations in order; index + 1 is the version. Statements are fixed
 * text (no values in them): every value a store writes goes in as a parameter.
 */
const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE skillshelf.skills (
       id text PRIMARY KEY,
       tree_digest text,
       record jsonb,
       installed_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE skillshelf.files (
       skill_id text NOT NULL REFERENCES skillshelf.skills (id) ON DELETE CASCADE,
       path text NOT NULL,
       executable boolean NOT NULL,
       sha256 text NOT NULL,
       bytes bytea NOT NULL,
       PRIMARY KEY (skill_id, path)
     )`,
  ],
];

/** The schema version this code writes and reads. */
export const SCHEMA_VERSION: number = MIGRATIONS.length;

export type MigrateResult = { ok: true; applied: number[] } | { ok: false; message: string };

/** Brings the store's schema to SCHEMA_VERSION, once, whoever else is starting now. */
export async function migrate(pool: pg.Pool): Promise<MigrateResult> {
  return inTransaction(pool, async (run): Promise<MigrateResult> => {
    await run("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    // Each object is looked up before it is created: a role that may not
    // create may still use a schema its administrator made for it.
    const [schema] = await run("SELECT 1 FROM pg_namespace WHERE nspname = $1", ["skillshelf"]);
    if (schema === undefined) await run("CREATE SCHEMA skillshelf");
    const [table] = await run<{ present: boolean }>(
      "SELECT to_regclass($1) IS NOT NULL AS present",
      ["skillshelf.schema_version"],
    );
    if (table?.present !== true) {
      await run(`CREATE TABLE skillshelf.schema_version (
                   version integer PRIMARY KEY,
                   applied_at timestamptz NOT NULL DEFAULT now()
                 )`);
    }
    const [row] = await run<{ version: number | null }>(
      "SELECT max(version) AS version FROM skillshelf.schema_version",
    );
    const current = row?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      return {
        ok: false,
        message: `the store's schema is version ${current}, newer than this skillshelf understands (${SCHEMA_VERSION}): upgrade skillshelf on this host`,
      };
    }
    const applied: number[] = [];
    for (let version = current + 1; version <= SCHEMA_VERSION; version++) {
      for (const statement of MIGRATIONS[version - 1]!) await run(statement);
      await run("INSERT INTO skillshelf.schema_version (version) VALUES ($1)", [version]);
      applied.push(version);
    }
    return { ok: true, applied };
  });
}
