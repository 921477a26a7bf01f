// Reading a stored skill's files: the one way every surface lists or opens
// them (the CLI's show, the server's skill answer and file route, verify).
// The skill must be one the catalog offers (the same judgement as load);
// its files come from the store that holds it (the builtin directory, or the
// managed store), and their paths are judged by the reader's rules
// (judgeSkillPaths). A file's content is never
// judged here: a builtin skill may carry a PNG beside its SKILL.md, so a file
// that is not UTF-8 is listed like any other, with `utf8: false`, and served
// as bytes; only what an install writes must be text.
import { isUtf8 } from "node:buffer";
import { type Finding, judgeSkillPaths } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { isValidId } from "@skillshelf/contract";
import { DirectoryStore } from "./directory-store.js";
import { treeFindings } from "./known-skills.js";
import { locateName } from "./locate.js";
import { type InstallRecord, treeOf } from "./record.js";
import type { Roots } from "./roots.js";
import type { ManagedStore, StoredFile } from "./store.js";
import type { LoadedSkill, Origin } from "./types.js";
import { type Verdict, verifyOne } from "./verify.js";

/**
 * One file of a skill, as every surface lists it. A file whose bytes are not
 * UTF-8 (an image in a builtin skill) carries `binary: true`; every other
 * file, and so every file of a bundle or an install, is exactly
 * `{ path, bytes, executable }`.
 */
export type SkillFileSummary = {
  path: string;
  /** Its size in bytes. */
  bytes: number;
  executable: boolean;
  binary?: true;
};

const summaryOf = (path: string, bytes: Uint8Array, executable: boolean): SkillFileSummary =>
  isUtf8(bytes)
    ? { path, bytes: bytes.length, executable }
    : { path, bytes: bytes.length, executable, binary: true };

export type SkillFilesResult =
  | { ok: true; skill: LoadedSkill; files: StoredFile[] }
  | { ok: false; refusal: Refusal };

export type StoredFileResult =
  | { ok: true; file: SkillFileSummary; bytes: Uint8Array }
  | { ok: false; refusal: Refusal };

/** The summary every surface shows of a skill's files (a bundle's, or a stored skill's). */
export function summarizeFiles(
  files: readonly { path: string; bytes: Uint8Array; executable: boolean }[],
): SkillFileSummary[] {
  return files.map((file) => summaryOf(file.path, file.bytes, file.executable));
}

/** The store holding `id`'s files: the builtin directory (read only), or the managed store. */
export async function locateStore(
  roots: Roots,
  id: string,
): Promise<
  { ok: true; skill: LoadedSkill; store: ManagedStore } | { ok: false; refusal: Refusal }
> {
  const found = await locateName(roots, id);
  if (found.kind === "refused") {
    const { reason: _reason, id: _id, ...refusal } = found.refused;
    return { ok: false, refusal };
  }
  if (found.kind === "absent") {
    const detail = isValidId(id) ? {} : { detail: "it is not a valid id" };
    return { ok: false, refusal: { code: "unknown-skill", skill: id, ...detail } };
  }
  return { ok: true, skill: found.skill, store: storeOf(roots, found.origin)! };
}

/** The store of the root `origin` names: the builtin directory (read only), or the managed store. */
const storeOf = (roots: Roots, origin: Origin | undefined): ManagedStore | undefined =>
  origin === "builtin" ? new DirectoryStore(roots.builtin) : roots.managed;

/** Every file of the offered skill `id`, with the skill, judged by the reader's path rules. */
export async function readSkillFiles(roots: Roots, id: string): Promise<SkillFilesResult> {
  const located = await locateStore(roots, id);
  if (!located.ok) return located;
  return filesOf(located, id);
}

async function filesOf(
  located: { skill: LoadedSkill; store: ManagedStore },
  id: string,
): Promise<SkillFilesResult> {
  const stored = await located.store.files(id);
  if (!stored.ok) {
    return "absent" in stored
      ? { ok: false, refusal: { code: "unknown-skill", skill: id } }
      : { ok: false, refusal: { ...stored.refusal, skill: id } };
  }
  const unsafe = judgeSkillPaths(
    id,
    stored.files.map((file) => file.path),
  );
  if (unsafe !== undefined) return { ok: false, refusal: unsafe };
  return { ok: true, skill: located.skill, files: stored.files };
}

/** One file of the offered skill `id` by its path: its summary and its bytes. */
export async function readStoredFile(
  roots: Roots,
  id: string,
  path: string,
): Promise<StoredFileResult> {
  const unsafe = judgeSkillPaths(id, [path]);
  if (unsafe !== undefined) return { ok: false, refusal: unsafe };
  const located = await locateStore(roots, id);
  if (!located.ok) return located;
  return fileOf(located.store, id, path);
}

/**
 * One file of the skill `id` that the caller found offered from `origin` a
 * moment ago (the MCP source, holding its admission), read from that root's
 * store without looking the skill up again, so a host reading a skill file
 * by file pays for each file alone. A skill gone since answers
 * `unknown-file`; the caller holds the bytes against the tree it admitted.
 */
export async function readOfferedFile(
  roots: Roots,
  origin: Origin,
  id: string,
  path: string,
): Promise<StoredFileResult> {
  const unsafe = judgeSkillPaths(id, [path]);
  if (unsafe !== undefined) return { ok: false, refusal: unsafe };
  if (!isValidId(id)) return { ok: false, refusal: { code: "unknown-skill", skill: id } };
  const store = storeOf(roots, origin);
  if (store === undefined) return { ok: false, refusal: { code: "unknown-skill", skill: id } };
  return fileOf(store, id, path);
}

async function fileOf(store: ManagedStore, id: string, path: string): Promise<StoredFileResult> {
  const read = await store.readFile(id, path);
  const unknownFile = { ok: false, refusal: { code: "unknown-file", skill: id, path } } as const;
  switch (read.kind) {
    case "bytes":
      return {
        ok: true,
        file: summaryOf(path, read.bytes, read.executable),
        bytes: read.bytes,
      };
    case "missing":
      return unknownFile;
    case "link":
      return { ok: false, refusal: { code: "link", skill: id, path } };
    case "too-large":
      return { ok: false, refusal: { code: "too-large", path, detail: `${read.size} bytes` } };
    default:
      return { ok: false, refusal: { code: "unreadable", skill: id, path, detail: read.detail } };
  }
}

/** One offered skill as show and the HTTP skill answer describe it. */
export type SkillDescription = {
  skill: LoadedSkill;
  files: SkillFileSummary[];
  /** The tree digest of the files held now (record.ts). */
  treeDigest: string;
  /** The record of its install; absent for builtin skills and skills installed by hand. */
  record?: InstallRecord;
  /** For a managed skill: its files against its record (verify's answer). */
  verdict?: Verdict;
  /** The findings of its text files as held now (a file that is not UTF-8 is not read for them). */
  findings: Finding[];
};

/** The skill `id` with its files, tree digest, record and drift. */
export async function describeSkill(
  roots: Roots,
  id: string,
): Promise<{ ok: true; description: SkillDescription } | { ok: false; refusal: Refusal }> {
  const located = await locateStore(roots, id);
  if (!located.ok) return located;
  const read = await filesOf(located, id);
  if (!read.ok) return read;
  const tree = treeOf(read.files);
  const description: SkillDescription = {
    skill: read.skill,
    files: summarizeFiles(read.files),
    treeDigest: tree.digest,
    findings: treeFindings(id, tree, read.files),
  };
  if (read.skill.origin === "managed") {
    const verdict = await verifyOne(located.store, id, read.files);
    description.verdict = verdict;
    if ("record" in verdict) description.record = verdict.record;
  }
  return { ok: true, description };
}
