// The staging area of a managed root and its journal. Every change is a
// transaction directory `<managed>/.staging/<txn>/`: new trees are written
// under `new/<id>` and their records under `records/<id>.json`, trees and
// records they displace are moved to `old/<id>` and `old/<id>.record.json`
// (records live in `<managed>/.records/`, outside every skill), and the file
// `commit.json` (written and fsynced after every new tree is whole) is the
// commit point; its list of ids is for a human reader, since recovery moves
// whatever is still under `new/`, but its list of removals is not: recovery
// moves each of those still in place to `old/`, so a change that installs
// some skills and removes others lands whole or not at all. Recovery, run under the lock by the next writer or catalog,
// rolls a committed transaction forward and discards an uncommitted one, so a
// whole bundle lands or none of it does. The catalog never sees any of this:
// it ignores dot-directories.
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { isValidId } from "@skillshelf/contract";
import { syncDirectory, writeFileDurably } from "./durable.js";
import { acquireLock, clearAbandonedOwnerFile, OWNER_PREFIX } from "./lock.js";

export const STAGING = ".staging";
/** Where the records of installed skills live, one `<id>.json` each. */
export const RECORDS = ".records";
/** A transaction's commit point: present from before its first rename until after its last. */
export const JOURNAL = "commit.json";
/** The file whose value every applied change renews, in the managed root (whole-sets.ts). */
export const GENERATION = ".generation";
/**
 * A transaction's directory name, and nothing else in staging: a removed
 * skill set aside there (`<hex>-removed`) holds the skill's own files, which
 * may well include a `commit.json`, a `new/` and a `records/`.
 */
const TRANSACTION_NAME = /^[0-9a-f]{16}$/;

/** Whether `name`, an entry of the staging area, is a transaction's directory. */
export const isTransactionName = (name: string): boolean => TRANSACTION_NAME.test(name);

/** The paths of one transaction. */
export type Transaction = { dir: string; newDir: string; oldDir: string; recordsDir: string };

const transactionAt = (dir: string): Transaction => ({
  dir,
  newDir: join(dir, "new"),
  oldDir: join(dir, "old"),
  recordsDir: join(dir, "records"),
});

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Creates a fresh transaction directory under the staging area. */
export async function beginTransaction(managed: string): Promise<Transaction> {
  const transaction = transactionAt(join(managed, STAGING, randomBytes(8).toString("hex")));
  await mkdir(transaction.newDir, { recursive: true });
  await mkdir(transaction.oldDir);
  await mkdir(transaction.recordsDir);
  return transaction;
}

/** Makes the staged trees durable and writes the journal: from here the change rolls forward. */
export async function commitTransaction(
  managed: string,
  transaction: Transaction,
  ids: readonly string[],
  removed: readonly string[] = [],
): Promise<void> {
  await syncDirectory(transaction.newDir);
  await syncDirectory(transaction.oldDir);
  await syncDirectory(transaction.recordsDir);
  const temp = join(transaction.dir, `${JOURNAL}.tmp`);
  const journal = removed.length === 0 ? { ids } : { ids, remove: removed };
  await writeFileDurably(temp, Buffer.from(JSON.stringify(journal)), 0o644);
  await rename(temp, join(transaction.dir, JOURNAL));
  await syncDirectory(transaction.dir);
  await syncDirectory(join(managed, STAGING));
  await syncDirectory(managed);
}

/**
 * Moves each committed id into place (the tree and record it replaces aside,
 * then the new ones in), then each removed id and its record aside.
 */
export async function applyTransaction(
  managed: string,
  transaction: Transaction,
  ids: readonly string[],
  removed: readonly string[] = [],
): Promise<void> {
  const records = await recordsDirectory(managed);
  for (const id of ids) {
    const staged = join(transaction.newDir, id);
    const stagedRecord = join(transaction.recordsDir, `${id}.json`);
    if (await exists(stagedRecord)) {
      const record = join(records, `${id}.json`);
      if (await exists(record)) {
        await rename(record, await freeName(transaction.oldDir, `${id}.record.json`));
      }
      await rename(stagedRecord, record);
    }
    if (!(await exists(staged))) continue;
    const target = join(managed, id);
    if (await exists(target)) await rename(target, await freeName(transaction.oldDir, id));
    await rename(staged, target);
  }
  for (const id of removed) {
    const target = join(managed, id);
    if (await existsNoFollow(target)) await rename(target, join(transaction.oldDir, id));
    const record = join(records, `${id}.json`);
    if (await exists(record)) await rename(record, join(transaction.oldDir, `${id}.record.json`));
  }
  await renewGeneration(managed);
  await syncDirectory(records);
  await syncDirectory(managed);
  await syncDirectory(transaction.newDir);
  await syncDirectory(transaction.oldDir);
}

/**
 * Gives the generation a new value, after a change's renames and before its
 * journal goes, so that a reader whose listing overlapped them knows
 * (whole-sets.ts). The caller holds the lock; no fsync, since only readers
 * running now compare it. The value is written over the old one in place, so
 * a full disk, which cannot stop a change's renames, does not stop this
 * either; never through a link or into a pipe. A generation that cannot be
 * written at all (no space to create it) leaves readers the journal alone.
 */
async function renewGeneration(managed: string): Promise<void> {
  const path = join(managed, GENERATION);
  const { O_WRONLY, O_CREAT, O_NOFOLLOW, O_NONBLOCK } = constants;
  try {
    const handle = await open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o644);
    try {
      if (!(await handle.stat()).isFile()) throw new Error(`${path} is not a file`);
      await handle.write(randomBytes(16).toString("hex"), 0, "latin1");
    } finally {
      await handle.close();
    }
  } catch {
    // Something else put there is taken away, so that the next change makes it afresh.
    await unlink(path).catch(() => {});
  }
}

/** Undoes an applied or half-applied transaction that failed while its process still ran. */
export async function undoTransaction(
  managed: string,
  transaction: Transaction,
  ids: readonly string[],
  removed: readonly string[] = [],
): Promise<void> {
  for (const id of removed) {
    const target = join(managed, id);
    const old = join(transaction.oldDir, id);
    if ((await existsNoFollow(old)) && !(await existsNoFollow(target))) await rename(old, target);
    const record = join(managed, RECORDS, `${id}.json`);
    const oldRecord = join(transaction.oldDir, `${id}.record.json`);
    if ((await exists(oldRecord)) && !(await exists(record))) await rename(oldRecord, record);
  }
  for (const id of [...ids].reverse()) {
    const target = join(managed, id);
    const staged = join(transaction.newDir, id);
    const old = join(transaction.oldDir, id);
    if (!(await exists(staged)) && (await exists(target))) await rename(target, staged);
    if ((await exists(old)) && !(await exists(target))) await rename(old, target);
    const record = join(managed, RECORDS, `${id}.json`);
    const stagedRecord = join(transaction.recordsDir, `${id}.json`);
    const oldRecord = join(transaction.oldDir, `${id}.record.json`);
    if (!(await exists(stagedRecord)) && (await exists(record))) await rename(record, stagedRecord);
    if ((await exists(oldRecord)) && !(await exists(record))) await rename(oldRecord, record);
  }
  await renewGeneration(managed);
  await unlink(join(transaction.dir, JOURNAL)).catch(() => {});
  await syncDirectory(transaction.dir);
  await syncDirectory(managed);
}

/** Removes a finished (or never committed) transaction, journal first. */
export async function discardTransaction(dir: string): Promise<void> {
  await unlink(join(dir, JOURNAL)).catch(() => {});
  await rm(dir, { recursive: true, force: true });
}

/** Recovers every transaction left by a crashed writer. The caller holds the lock. */
export async function recoverStaging(managed: string): Promise<void> {
  const staging = join(managed, STAGING);
  const names = await readdir(staging).catch(() => [] as string[]);
  for (const name of names) {
    const dir = join(staging, name);
    if (name.startsWith(OWNER_PREFIX)) {
      await clearAbandonedOwnerFile(dir);
      continue;
    }
    if (isTransactionName(name) && (await exists(join(dir, JOURNAL)))) {
      // Committed: whatever is still staged under new/ and records/ has yet to move in.
      const transaction = transactionAt(dir);
      const trees = await readdir(transaction.newDir).catch(() => [] as string[]);
      const records = await readdir(transaction.recordsDir).catch(() => [] as string[]);
      const ids = new Set([...trees, ...records.map((name) => name.replace(/\.json$/, ""))]);
      await mkdir(transaction.oldDir, { recursive: true });
      await applyTransaction(managed, transaction, [...ids], await removalsOf(dir));
    }
    await discardTransaction(dir);
  }
  await sweepOrphanRecords(managed);
}

/** The ids a committed transaction removes, as its journal names them. */
async function removalsOf(dir: string): Promise<string[]> {
  try {
    const journal = JSON.parse(await readFile(join(dir, JOURNAL), "utf8")) as { remove?: unknown };
    const { remove } = journal;
    return Array.isArray(remove)
      ? remove.filter((id) => typeof id === "string" && isValidId(id))
      : [];
  } catch {
    return [];
  }
}

/**
 * Removes records whose skill is gone (a removal killed between moving the
 * tree and its record, or a skill deleted by hand), so that no record ever
 * outlives its skill. The caller holds the lock.
 */
async function sweepOrphanRecords(managed: string): Promise<void> {
  const records = join(managed, RECORDS);
  // A linked records directory holds someone else's files: nothing there is unlinked.
  if (!(await isOwnDirectory(records))) return;
  const names = await readdir(records).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    if (!(await existsNoFollow(join(managed, name.slice(0, -5))))) {
      await unlink(join(records, name)).catch(() => {});
    }
  }
}

/**
 * The records directory of `managed`, created if missing. A link there is
 * refused, never followed: a record written through it would land outside
 * the managed root.
 */
export async function recordsDirectory(managed: string): Promise<string> {
  const records = join(managed, RECORDS);
  await mkdir(records).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  if (!(await isOwnDirectory(records))) {
    throw new Error(`${records} is a link or not a directory, and is never written through`);
  }
  return records;
}

/** Whether `path` is a directory itself, not a link to one. */
export const isOwnDirectory = (path: string): Promise<boolean> =>
  lstat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );

const existsNoFollow = (path: string): Promise<boolean> =>
  lstat(path).then(
    () => true,
    () => false,
  );

/**
 * Recovers a crashed writer's leftovers if there are any and nobody else is
 * writing; a reader calls it and never waits, and never fails because of it.
 */
export async function settleStaging(managed: string): Promise<void> {
  const pending = await readdir(join(managed, STAGING)).catch(() => [] as string[]);
  if (pending.length === 0) return;
  try {
    const release = await acquireLock(managed, { wait: false });
    if (release === undefined) return;
    try {
      await recoverStaging(managed);
    } finally {
      await release();
    }
  } catch {
    // A read-only or unreadable data directory still has a catalog.
  }
}

async function freeName(dir: string, id: string): Promise<string> {
  let candidate = join(dir, id);
  for (let n = 1; await exists(candidate); n++) candidate = join(dir, `${id}~${n}`);
  return candidate;
}
