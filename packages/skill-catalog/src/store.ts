// The managed store as an interface. The catalog's rules (what a skill is,
// one namespace, digest, revision, what an install may hold, the payload
// bound) stay in this package and run the same whatever store holds the
// managed skills: a store only keeps skills and their records, hands back the
// bytes it holds, and makes a change all or nothing. The directory store
// (directory-store.ts) is the first implementation and the default; the
// builtin root is always a directory read with the same pieces. Another
// implementation (PostgreSQL) answers the same calls and passes the same
// suite (test-suite/store-suite.ts).
import type { Skill } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import type { FileRead, SkillFileOpen, SkillFileRead } from "./read-skill-file.js";
import type { InstallRecord } from "./record.js";
import type { RecordRead } from "./record-shape.js";

/**
 * One entry of a store that may be a skill, as the store holds it, before the
 * catalog judges it: its name and what reading its SKILL.md gave.
 */
export type StoredEntry = {
  /** The entry's name (a directory name, a row's id); judged by the id rule. */
  name: string;
  /** Where the SKILL.md is, for messages and reports (an absolute path, or `<store>/<id>/SKILL.md`). */
  path: string;
  /** Where the skill's files are (a directory path, or `<store>/<id>`). */
  dir: string;
  /** A symbolic link where a skill directory was expected (directory stores only). */
  link?: boolean;
  /** The SKILL.md's bytes, or why they were not read. */
  read: SkillFileRead;
};

/** One file of a stored skill, as the store holds it, before the reader's rules judge its path. */
export type StoredFile = { path: string; executable: boolean; bytes: Uint8Array };

/** A stored skill's files, or why they cannot be listed. */
export type StoredFiles =
  | { ok: true; files: StoredFile[] }
  | { ok: false; refusal: Refusal }
  | { ok: false; absent: true };

/** What changed in a store: skills installed (or replaced) and removed. */
export type StoreChange = { kind: "installed" | "removed"; ids: string[] };

/** One skill an install writes: the skill and the record that goes with it. */
export type StagedSkill = { skill: Skill; record: InstallRecord };

/** One step that installs some skills and removes others (what `sync` makes). */
export type StoreApply = { install: readonly StagedSkill[]; remove: readonly string[] };

/**
 * What the catalog checks, inside the store's all-or-nothing step, against
 * the store as it is at that instant (another writer may have changed it):
 * answers a refusal to abandon the change, or undefined to write.
 */
export type Admit = (current: StoreView) => Promise<Refusal | undefined>;

/**
 * What a store's skills weigh against the payload bound: each stored entry's
 * name and the size of its SKILL.md in bytes, told without reading a body
 * (sizes from the file system, or one query), so admitting an install costs
 * the same at 10 or 10,000 skills.
 */
export type StoreUsage = Map<string, number>;

/** The store as one writer sees it inside its step (under its lock, or in its transaction). */
export type StoreView = {
  /** Whether anything is stored under `id` (a skill, a refused entry, a link). */
  has(id: string): Promise<boolean>;
  /** Every stored entry and its SKILL.md's size, as usage() would answer now. */
  usage(): Promise<StoreUsage>;
  /** The files stored under `id` now, as files() would answer them. */
  files(id: string): Promise<StoredFiles>;
};

export type StoreWriteResult = { ok: true } | { ok: false; refusal: Refusal };

/** The managed store: where imported skills and their records are kept. */
export interface ManagedStore {
  /** What the store is in a sentence: a directory path, or a URL without its password. */
  readonly location: string;
  /** Every entry that may be a skill, in no particular order. */
  list(): Promise<StoredEntry[]>;
  /** Every stored entry and its SKILL.md's size, without reading a body. */
  usage(): Promise<StoreUsage>;
  /** The entry `id` alone (whose name the caller has checked against the id rule); costs the same at 10 or 10,000 skills. */
  inspect(id: string): Promise<StoredEntry | undefined>;
  /** Every file of the stored skill `id`, without interpreting them. */
  files(id: string): Promise<StoredFiles>;
  /** One file of the stored skill `id` by its path (already judged safe by the caller). */
  readFile(id: string, path: string): Promise<FileRead>;
  /**
   * The same file opened for streaming, for a store that can hand out a
   * descriptor (the directory store); a store without it is read whole.
   */
  openFile?(id: string, path: string): Promise<SkillFileOpen>;
  /**
   * The record written by the install of `id` (while `id` is still stored),
   * checked by record-shape.ts: `missing` when there is none, `bad` when it
   * cannot be used.
   */
  record(id: string): Promise<RecordRead>;
  /** Every usable record of a skill still stored, in no particular order. */
  records(): Promise<InstallRecord[]>;
  /**
   * Writes every skill with its record, or none of them, after `admit`
   * accepted the store as it is inside the same step. A skill already
   * stored is replaced whole.
   */
  install(skills: readonly StagedSkill[], admit: Admit): Promise<StoreWriteResult>;
  /**
   * Writes `change.install` (each replacing whatever is stored under its id)
   * and removes `change.remove` with their records, all in one step, after
   * `admit` accepted the store as it is inside that step: a failure anywhere
   * leaves the store as it was. An id to remove that is not stored is no
   * error (the set already lacks it).
   */
  apply(change: StoreApply, admit: Admit): Promise<StoreWriteResult>;
  /** Removes `id` and its record in one step; `unknown-skill` when nothing is stored there. */
  remove(id: string): Promise<StoreWriteResult>;
  /** Proves the store could take a write now (what a dry run must find short of writing). */
  probeWritable(): Promise<StoreWriteResult>;
  /**
   * The stamp of every entry's SKILL.md as the file system describes it
   * (catalog-stamp.ts), for a store that can tell it without reading a
   * body; undefined when a SKILL.md changed within `RACY_MS` of `now`.
   */
  stamp?(now: number): Promise<string | undefined>;
  /** Calls `listener` after every change made through this store (or, where the store can tell, by anyone). */
  subscribe(listener: (change: StoreChange) => void): () => void;
  /** Releases what the store holds open (connections, watchers). */
  close(): Promise<void>;
}
