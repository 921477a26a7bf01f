// The managed-store contract this package implements, in the shape
// skill-catalog gives it (store.ts and record.ts there). Every module of
// this package takes the contract's types from this one file, so they are
// named in one place on this side.
import type { DestinationRefusal, Refusal, Skill } from "@skillshelf/bundle-reader";

export type SkillFileRead =
  | { kind: "bytes"; bytes: Uint8Array; executable: boolean }
  | { kind: "missing" }
  | { kind: "link" }
  | { kind: "too-large"; size: number }
  | { kind: "unreadable"; detail: string };
export type FileRead = SkillFileRead;
export type RecordedSource = {
  kind: "path" | "archive" | "uploads";
  name?: string;
  sha256?: string;
  path?: string;
  skills?: string[];
};
export type TreeFile = { path: string; executable: boolean; size: number; sha256: string };
export type Tree = { digest: string; files: TreeFile[] };
export type InstallRecord = {
  id: string;
  source: RecordedSource;
  installedAt: string;
  tool: string;
  tree: Tree;
};
export type StoredEntry = {
  name: string;
  path: string;
  dir: string;
  link?: boolean;
  read: SkillFileRead;
};
export type StoredFile = { path: string; executable: boolean; bytes: Uint8Array };
export type StoredFiles =
  | { ok: true; files: StoredFile[] }
  | { ok: false; refusal: Refusal | DestinationRefusal }
  | { ok: false; absent: true };
export type StoreChange = { kind: "installed" | "removed"; ids: string[] };
export type StagedSkill = { skill: Skill; record: InstallRecord };
export type StoreView = { has(id: string): Promise<boolean>; list(): Promise<StoredEntry[]> };
export type Admit = (current: StoreView) => Promise<DestinationRefusal | undefined>;
export type StoreWriteResult = { ok: true } | { ok: false; refusal: DestinationRefusal };
export interface ManagedStore {
  readonly location: string;
  list(): Promise<StoredEntry[]>;
  inspect(id: string): Promise<StoredEntry | undefined>;
  files(id: string): Promise<StoredFiles>;
  readFile(id: string, path: string): Promise<FileRead>;
  record(id: string): Promise<InstallRecord | undefined>;
  records(): Promise<InstallRecord[]>;
  install(skills: readonly StagedSkill[], admit: Admit): Promise<StoreWriteResult>;
  remove(id: string): Promise<StoreWriteResult>;
  probeWritable(): Promise<StoreWriteResult>;
  subscribe(listener: (change: StoreChange) => void): () => void;
  close(): Promise<void>;
}
