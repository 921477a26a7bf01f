// The lock that serializes writers of one managed root, across threads and
// processes. It is a file, `<managed>/.lock`, created atomically with its
// owner already inside (written to a private file in the staging area first,
// then hard-linked into place, which fails if the lock exists). A lock whose
// owner is provably gone (same host, and that process no longer exists, or
// the machine has rebooted since) is broken at once, under a short second
// lock so that two waiters never both break it; so is a lock left unreadable
// by a power cut, once it is a minute old.
//
// Why not proper-lockfile: its staleness is time-based (the holder refreshes
// the lock's mtime on a timer). A killed installer then blocks the next one
// for the whole stale period, and a live holder whose timer stalls under load
// is declared stale and "compromised" (by default an uncaught throw). Asking
// whether the owner still runs is exact for a local data directory; owners on
// another host are never broken, only waited for.
//
// Writers of this process queue in arrival order in front of the file (an
// in-process FIFO per managed root): polling alone let whoever happened to
// poll first after a release win, so under four clients the slowest import
// waited ten times the median and clients got uneven service. Only the head
// of the queue polls the file, which other processes may hold.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, mkdir, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isProcessAlive } from "@skillshelf/contract";
import { readMarker } from "./marker-file.js";

type Owner = { pid: number; host: string; boot: string; token: string };

const LOCK = ".lock";
const BREAKER = ".lock-break";
/** Private owner files live in the staging area, so recovery sweeps those of dead writers. */
const OWNERS = ".staging";
export const OWNER_PREFIX = "lock-";
const BREAKER_STALE_MS = 5_000;
const UNREADABLE_OWNER_MS = 60_000;
/** An owner is a pid, a host name, a boot id and a token: far less than this. */
const OWNER_MAX_BYTES = 4_096;

const bootId = ((): string => {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
})();

/** Releases a held lock. */
export type Release = () => Promise<void>;

/** Per managed root, the promise the last writer in line resolves when it leaves. */
const lines = new Map<string, Promise<void>>();

/** Waits for this process's earlier writers of `managed`; resolves with the function that lets the next one go. */
async function waitInLine(managed: string): Promise<() => void> {
  const key = resolve(managed);
  const ahead = lines.get(key) ?? Promise.resolve();
  let leave = (): void => {};
  const mine = new Promise<void>((done) => {
    leave = done;
  });
  const tail = ahead.then(() => mine);
  lines.set(key, tail);
  await ahead;
  return () => {
    leave();
    if (lines.get(key) === tail) lines.delete(key);
  };
}

/**
 * Takes the lock of `managed` (which must exist). With `wait: false` it
 * answers undefined at once when another owner holds it; otherwise it polls
 * until `timeoutMs` and then throws.
 */
export async function acquireLock(
  managed: string,
  options: { wait: boolean; timeoutMs?: number },
): Promise<Release | undefined> {
  // Without waiting, a writer of this process already in line means "held".
  if (!options.wait && lines.has(resolve(managed))) return undefined;
  const leave = await waitInLine(managed);
  try {
    const release = await acquireFileLock(managed, options);
    if (release === undefined) {
      leave();
      return undefined;
    }
    return async () => {
      try {
        await release();
      } finally {
        leave();
      }
    };
  } catch (error) {
    leave();
    throw error;
  }
}

/** Takes the file lock itself, polling while another process holds it. */
async function acquireFileLock(
  managed: string,
  options: { wait: boolean; timeoutMs?: number },
): Promise<Release | undefined> {
  const owner: Owner = { pid: process.pid, host: hostname(), boot: bootId, token: randomHex() };
  const mine = join(managed, OWNERS, `${OWNER_PREFIX}${owner.pid}-${owner.token}`);
  const lock = join(managed, LOCK);
  await mkdir(join(managed, OWNERS), { recursive: true });
  const started = Date.now();
  let pause = 2;
  try {
    // Inside the try: a write that fails (a full disk) after creating the
    // file must not leave it behind.
    await writeFile(mine, JSON.stringify(owner)).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOSPC" && error.code !== "EDQUOT") throw error;
      // A full disk: the owner goes unwritten (an empty file needs no block),
      // so that remove, which frees space, can still take the lock. A waiter
      // reads such a lock as one torn by a power cut, and breaks it only
      // once it is UNREADABLE_OWNER_MS old; a removal holds it for moments.
      await writeFile(mine, "");
    });
    for (;;) {
      try {
        await link(mine, lock);
        return async () => unlink(lock);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      if (await breakIfAbandoned(managed)) continue;
      if (!options.wait) return undefined;
      if (Date.now() - started > (options.timeoutMs ?? 120_000)) {
        throw new Error(`the managed root ${managed} stayed locked by another writer`);
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 50);
    }
  } finally {
    await unlink(mine).catch(() => undefined);
  }
}

/**
 * Whether a writer that may still be running holds the lock of `managed`: a
 * lock is there and its owner is not provably gone (a live process here, any
 * process on another host, an unreadable owner less than a minute old).
 */
export async function isLockHeld(managed: string): Promise<boolean> {
  const lock = join(managed, LOCK);
  if (!(await exists(lock))) return false;
  return !(await isAbandoned(lock, await readOwner(lock)));
}

/**
 * Removes the owner file `path` if its writer died before it could. A file
 * torn by a kill mid-write is judged by the pid in its name
 * (`lock-<pid>-<token>`).
 */
export async function clearAbandonedOwnerFile(path: string): Promise<void> {
  const owner = await readOwner(path);
  const pid = Number(/^lock-(\d+)-/.exec(basename(path))?.[1]);
  const abandoned =
    owner === undefined && Number.isSafeInteger(pid) && pid > 0
      ? !isProcessAlive(pid) || (await isAbandoned(path, undefined))
      : await isAbandoned(path, owner);
  if (abandoned) await unlink(path).catch(() => {});
}

/**
 * Whether the owner file or lock at `path` belongs to nobody: its owner is
 * gone, or it is unreadable (torn by a power cut) and old.
 */
async function isAbandoned(path: string, owner: Owner | undefined): Promise<boolean> {
  if (owner !== undefined) return isGone(owner);
  return stat(path).then(
    (s) => Date.now() - s.mtimeMs > UNREADABLE_OWNER_MS,
    () => false,
  );
}

/** Breaks the lock if it is abandoned; true when the caller should try to take it again. */
async function breakIfAbandoned(managed: string): Promise<boolean> {
  const lock = join(managed, LOCK);
  const owner = await readOwner(lock);
  if (owner === undefined && !(await exists(lock))) return true;
  if (!(await isAbandoned(lock, owner))) return false;
  const breaker = join(managed, BREAKER);
  try {
    await mkdir(breaker);
  } catch {
    const age = await stat(breaker).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > BREAKER_STALE_MS) await rmdir(breaker).catch(() => {});
    return false;
  }
  try {
    const again = await readOwner(lock);
    if (again?.token === owner?.token) await unlink(lock).catch(() => {});
    return true;
  } finally {
    await rmdir(breaker).catch(() => {});
  }
}

async function readOwner(path: string): Promise<Owner | undefined> {
  const text = await readMarker(path, OWNER_MAX_BYTES);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Owner;
  } catch {
    return undefined;
  }
}

function isGone(owner: Owner): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.boot !== "" && bootId !== "" && owner.boot !== bootId) return true;
  return !isProcessAlive(owner.pid);
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

const randomHex = (): string => randomBytes(8).toString("hex");
