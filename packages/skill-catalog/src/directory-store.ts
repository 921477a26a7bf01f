// The directory store: the managed store as a directory, `<data>/skills`,
// the embedded default. Each skill is a directory written whole and renamed
// into place; its record is `.records/<id>.json` beside (never inside) it,
// moved in by the same journaled transaction (staging.ts), so a crash leaves
// each skill and its record wholly old or wholly new once recovery has run,
// and every reader recovers first. A listing is never taken between two
// renames of one change (whole-sets.ts), so a set installed together is
// listed whole or not at all. Writers serialize on the root's lock
// (lock.ts). Changes made through any DirectoryStore of this process on the
// same root reach every subscriber of that root.

import { randomBytes } from "node:crypto";
import { constants, realpathSync } from "node:fs";
import { access, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import {
  type HeldDirectory,
  holdChild,
  holdDirectory,
  releaseDirectory,
} from "@skillshelf/bundle-reader";
import { limits } from "@skillshelf/contract";
import { RACY_MS } from "./catalog-stamp.js";
import { readDirectoryFiles } from "./directory-files.js";
import { inspectRoot, isPresent, listRoot, stampRoot, usageOfRoot } from "./directory-root.js";
import { syncDirectory, writeFileDurably } from "./durable.js";
import { openIn, readIn, readResolved } from "./held-reads.js";
import { acquireLock } from "./lock.js";
import { readRecordFile } from "./read-record.js";
import { describeError, type FileRead, type SkillFileOpen } from "./read-skill-file.js";
import type { InstallRecord } from "./record.js";
import type { RecordRead } from "./record-shape.js";
import {
  applyTransaction,
  beginTransaction,
  commitTransaction,
  discardTransaction,
  isOwnDirectory,
  RECORDS,
  recoverStaging,
  STAGING,
  settleStaging,
  type Transaction,
  undoTransaction,
} from "./staging.js";
import type {
  Admit,
  ManagedStore,
  StagedSkill,
  StoreApply,
  StoreChange,
  StoredEntry,
  StoredFiles,
  StoreUsage,
  StoreView,
  StoreWriteResult,
} from "./store.js";
import { readWhole } from "./whole-sets.js";
import { writeSkillTree } from "./write-skill-tree.js";

type Listener = (change: StoreChange) => void;

/** Subscribers by resolved root, shared by every DirectoryStore of this process. */
const listeners = new Map<string, Set<Listener>>();

const storeFailed = (error: unknown): StoreWriteResult => ({
  ok: false,
  refusal: { code: "store-failed", detail: describeError(error) },
});

export class DirectoryStore implements ManagedStore {
  readonly root: string;
  readonly location: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.location = this.root;
  }

  async list(): Promise<StoredEntry[]> {
    const settle = () => settleStaging(this.root);
    await settle();
    // Never between two renames of one change: a set is listed whole or not at all.
    return readWhole(this.root, () => listRoot(this.root, (entry) => entry), settle);
  }

  async usage(): Promise<StoreUsage> {
    await settleStaging(this.root);
    return usageOfRoot(this.root);
  }

  async stamp(now: number): Promise<string | undefined> {
    return stampRoot(this.root, now, RACY_MS);
  }

  async inspect(id: string): Promise<StoredEntry | undefined> {
    return inspectRoot(this.root, id);
  }

  async files(id: string): Promise<StoredFiles> {
    return readDirectoryFiles(join(this.root, id));
  }

  async readFile(id: string, path: string): Promise<FileRead> {
    // Not join: the root is resolved and the id one plain name, and join's
    // normalizing was a third of what a read allocated.
    const dir = `${this.root}/${id}`;
    const real = this.realRoot();
    if (real !== undefined) {
      const read = readResolved(dir, `${real}/${id}`, path, limits().maxBytes);
      if (read !== undefined) return read;
    }
    return readFileBelow(dir, path);
  }

  #canonicalRoot: string | undefined;

  /**
   * The root's canonical path, taken once: readResolved holds every file it
   * reads to lie below it with no link on the way. The root's own path is
   * the operator's, followed as the held walk follows it.
   */
  private realRoot(): string | undefined {
    if (this.#canonicalRoot === undefined) {
      try {
        this.#canonicalRoot = realpathSync.native(this.root);
      } catch {
        return undefined;
      }
    }
    return this.#canonicalRoot;
  }

  async openFile(id: string, path: string): Promise<SkillFileOpen> {
    return withFileBelow(join(this.root, id), path, (held, name) =>
      openIn(held, name, limits().maxBytes),
    );
  }

  async record(id: string): Promise<RecordRead> {
    if (!isPresent(join(this.root, id))) return { kind: "missing" };
    return readRecordFile(this.root, id);
  }

  async records(): Promise<InstallRecord[]> {
    const dir = join(this.root, RECORDS);
    const names = await readdir(dir).catch(() => [] as string[]);
    const ids = names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5));
    // Read a few at a time: one by one, 1,000 records cost 1,000 round trips to the disk.
    const found: InstallRecord[] = [];
    for (let start = 0; start < ids.length; start += RECORD_READS_AT_ONCE) {
      const batch = ids.slice(start, start + RECORD_READS_AT_ONCE);
      for (const read of await Promise.all(batch.map((id) => this.record(id)))) {
        if (read.kind === "record") found.push(read.record);
      }
    }
    return found;
  }

  async install(skills: readonly StagedSkill[], admit: Admit): Promise<StoreWriteResult> {
    const managed = this.root;
    let release: (() => Promise<void>) | undefined;
    try {
      await mkdir(managed, { recursive: true });
      release = await acquireLock(managed, { wait: true });
      await recoverStaging(managed);
      const refusal = await admit(this.view());
      if (refusal !== undefined) return { ok: false, refusal };
      if (skills.length === 0) return { ok: true };
      await stageAndSwap(managed, skills);
    } catch (error) {
      return storeFailed(error);
    } finally {
      await release?.().catch(() => {});
    }
    this.emit({ kind: "installed", ids: skills.map(({ skill }) => skill.name) });
    return { ok: true };
  }

  async apply(change: StoreApply, admit: Admit): Promise<StoreWriteResult> {
    const managed = this.root;
    const installing = new Set(change.install.map(({ skill }) => skill.name));
    const removing = change.remove.filter((id) => !installing.has(id));
    let removed: string[] = [];
    let release: (() => Promise<void>) | undefined;
    try {
      await mkdir(managed, { recursive: true });
      release = await acquireLock(managed, { wait: true });
      await recoverStaging(managed);
      const refusal = await admit(this.view());
      if (refusal !== undefined) return { ok: false, refusal };
      removed = removing.filter((id) => isPresent(join(managed, id)));
      if (change.install.length === 0 && removed.length === 0) return { ok: true };
      await stageAndSwap(managed, change.install, removed);
    } catch (error) {
      return storeFailed(error);
    } finally {
      await release?.().catch(() => {});
    }
    if (installing.size > 0) this.emit({ kind: "installed", ids: [...installing] });
    if (removed.length > 0) this.emit({ kind: "removed", ids: removed });
    return { ok: true };
  }

  async remove(id: string): Promise<StoreWriteResult> {
    const managed = this.root;
    if (!isPresent(join(managed, id))) {
      return { ok: false, refusal: { code: "unknown-skill", skill: id } };
    }
    let release: (() => Promise<void>) | undefined;
    try {
      release = await acquireLock(managed, { wait: true });
      await recoverStaging(managed);
      if (!isPresent(join(managed, id))) {
        return { ok: false, refusal: { code: "unknown-skill", skill: id } };
      }
      // Renamed straight into the staging area, which exists (the lock's
      // owner files live there): a removal needs no new directory, so it
      // works on a full disk, and frees the space once the rename is made.
      // Recovery discards anything in staging without a journal, so what a
      // killed removal leaves there is swept by the next writer.
      const aside = join(managed, STAGING, `${randomBytes(8).toString("hex")}-removed`);
      await rename(join(managed, id), aside);
      // Removed at that rename. The record follows; if this process dies
      // first, recovery sweeps the record of a skill that is gone.
      // A linked records directory is left alone: what it points at is not ours.
      if (await isOwnDirectory(join(managed, RECORDS))) {
        await rename(join(managed, RECORDS, `${id}.json`), `${aside}.record.json`).catch(() => {});
      }
      await syncDirectory(managed).catch(() => {});
      await discardTransaction(aside).catch(() => {});
      await rm(`${aside}.record.json`, { force: true }).catch(() => {});
    } catch (error) {
      const failed = storeFailed(error);
      if (!failed.ok) failed.refusal.skill = id;
      return failed;
    } finally {
      await release?.().catch(() => {});
    }
    this.emit({ kind: "removed", ids: [id] });
    return { ok: true };
  }

  async probeWritable(): Promise<StoreWriteResult> {
    // The nearest directory that exists must take new names: install creates
    // the root (if missing), its staging area and its lock there.
    let dir = this.root;
    try {
      for (;;) {
        const stats = await stat(dir).catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return undefined;
          throw error;
        });
        if (stats !== undefined) {
          if (!stats.isDirectory()) throw new Error(`${dir} is not a directory`);
          await access(dir, constants.W_OK | constants.X_OK);
          return { ok: true };
        }
        const parent = dirname(dir);
        if (parent === dir) throw new Error(`no directory of ${this.root} exists`);
        dir = parent;
      }
    } catch (error) {
      return storeFailed(error);
    }
  }

  subscribe(listener: Listener): () => void {
    const set = listeners.get(this.root) ?? new Set<Listener>();
    listeners.set(this.root, set);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  async close(): Promise<void> {}

  private view(): StoreView {
    return {
      has: async (id) => isPresent(join(this.root, id)),
      usage: () => usageOfRoot(this.root),
      files: async (id) => readDirectoryFiles(join(this.root, id)),
    };
  }

  private emit(change: StoreChange): void {
    for (const listener of listeners.get(this.root) ?? []) {
      try {
        listener(change);
      } catch {
        // A subscriber's failure is its own; the change is made.
      }
    }
  }
}

/** How many records `records()` reads at once. */
const RECORD_READS_AT_ONCE = 32;

/**
 * Opens `<dir>/<path>` (a path already judged safe) one held directory at a
 * time (held-reads.ts), so no component swapped for a link is followed,
 * and hands the file to `use` (readIn or openIn) in the last of them.
 */
function withFileBelow<T>(
  dir: string,
  path: string,
  use: (held: HeldDirectory, name: string) => T,
): T | { kind: "missing" } | { kind: "link" } | { kind: "unreadable"; detail: string } {
  const parts = path.split("/");
  const name = parts.pop()!;
  const held: HeldDirectory[] = [];
  try {
    let opened = holdDirectory(dir);
    for (let depth = 0; ; depth++) {
      if (opened.kind === "unreadable") return { kind: "unreadable", detail: opened.detail };
      if (opened.kind !== "held") return opened;
      held.push(opened.dir);
      if (depth === parts.length) break;
      opened = holdChild(opened.dir, parts[depth]!);
    }
    return use(held.at(-1)!, name);
  } finally {
    for (const directory of held) releaseDirectory(directory);
  }
}

function readFileBelow(dir: string, path: string): FileRead {
  return withFileBelow(dir, path, (held, name) => readIn(held, name, limits().maxBytes));
}

async function stageAndSwap(
  managed: string,
  skills: readonly StagedSkill[],
  removed: readonly string[] = [],
): Promise<void> {
  const ids = skills.map(({ skill }) => skill.name);
  const transaction = await beginTransaction(managed);
  let committed = false;
  try {
    for (const { skill, record } of skills) {
      await writeSkillTree(join(transaction.newDir, skill.name), skill.files);
      await writeFileDurably(
        join(transaction.recordsDir, `${skill.name}.json`),
        Buffer.from(`${JSON.stringify(record, null, 2)}\n`),
        0o644,
      );
    }
    await commitTransaction(managed, transaction, ids, removed);
    committed = true;
    await applyTransaction(managed, transaction, ids, removed);
  } catch (error) {
    await abandon(managed, transaction, ids, removed, committed);
    throw error;
  }
  // Installed: what is left in staging is garbage that the next writer clears.
  await discardTransaction(transaction.dir).catch(() => {});
}

/** Puts everything back after a failure; if even that fails, the journal rolls forward later. */
async function abandon(
  managed: string,
  transaction: Transaction,
  ids: readonly string[],
  removed: readonly string[],
  committed: boolean,
): Promise<void> {
  try {
    if (committed) await undoTransaction(managed, transaction, ids, removed);
    await discardTransaction(transaction.dir);
  } catch {
    // Left for recovery under the next writer's lock.
  }
}
