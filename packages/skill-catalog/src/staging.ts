// The staging area of a managed root and its journal. Every change is a
// transaction directory `<managed>/.staging/<txn>/`: new trees are written
// under `new/<id>`, trees they displace are moved to `old/<id>`, and the file
// `commit.json` (written and fsynced after every new tree is whole) is the
// commit point; its list of ids is for a human reader, since recovery moves
// whatever is still under `new/`. Recovery, run under the lock by the next writer or catalog,
// rolls a committed transaction forward and discards an uncommitted one, so a
// whole bundle lands or none of it does. The catalog never sees any of this:
// it ignores dot-directories.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { syncDirectory, writeFileDurably } from "./durable.js";
import { acquireLock, clearAbandonedOwnerFile, OWNER_PREFIX } from "./lock.js";

export const STAGING = ".staging";
const JOURNAL = "commit.json";

/** The paths of one transaction. */
export type Transaction = { dir: string; newDir: string; oldDir: string };

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Creates a fresh transaction directory under the staging area. */
export async function beginTransaction(managed: string): Promise<Transaction> {
  const dir = join(managed, STAGING, randomBytes(8).toString("hex"));
  const transaction = { dir, newDir: join(dir, "new"), oldDir: join(dir, "old") };
  await mkdir(transaction.newDir, { recursive: true });
  await mkdir(transaction.oldDir);
  return transaction;
}

/** Makes the staged trees durable and writes the journal: from here the change rolls forward. */
export async function commitTransaction(
  managed: string,
  transaction: Transaction,
  ids: readonly string[],
): Promise<void> {
  await syncDirectory(transaction.newDir);
  await syncDirectory(transaction.oldDir);
  const temp = join(transaction.dir, `${JOURNAL}.tmp`);
  await writeFileDurably(temp, Buffer.from(JSON.stringify({ ids })), 0o644);
  await rename(temp, join(transaction.dir, JOURNAL));
  await syncDirectory(transaction.dir);
  await syncDirectory(join(managed, STAGING));
  await syncDirectory(managed);
}

/** Moves each committed id into place: the tree it replaces aside, then the new one in. */
export async function applyTransaction(
  managed: string,
  transaction: Transaction,
  ids: readonly string[],
): Promise<void> {
  for (const id of ids) {
    const staged = join(transaction.newDir, id);
    if (!(await exists(staged))) continue;
    const target = join(managed, id);
    if (await exists(target)) await rename(target, await freeName(transaction.oldDir, id));
    await rename(staged, target);
  }
  await syncDirectory(managed);
  await syncDirectory(transaction.newDir);
  await syncDirectory(transaction.oldDir);
}

/** Undoes an applied or half-applied transaction that failed while its process still ran. */
export async function undoTransaction(
  managed: string,
  transaction: Transaction,
  ids: readonly string[],
): Promise<void> {
  for (const id of [...ids].reverse()) {
    const target = join(managed, id);
    const staged = join(transaction.newDir, id);
    const old = join(transaction.oldDir, id);
    if (!(await exists(staged)) && (await exists(target))) await rename(target, staged);
    if ((await exists(old)) && !(await exists(target))) await rename(old, target);
  }
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
    if (await exists(join(dir, JOURNAL))) {
      // Committed: whatever is still staged under new/ has yet to move in.
      const transaction = { dir, newDir: join(dir, "new"), oldDir: join(dir, "old") };
      const ids = await readdir(transaction.newDir).catch(() => [] as string[]);
      await mkdir(transaction.oldDir, { recursive: true });
      await applyTransaction(managed, transaction, ids);
    }
    await discardTransaction(dir);
  }
}

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
