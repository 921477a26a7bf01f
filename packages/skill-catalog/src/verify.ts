// Drift: each managed skill held against the record its install wrote. The
// tree the store holds now (every file's path, executable bit and SHA-256)
// is compared with the recorded tree file by file, so an edited script, an
// added or removed reference, or a chmod is named, not just noticed. A skill
// with no record was installed by hand or before records existed; a skill
// whose record cannot be used (record-shape.ts) is refused alone, with
// `bad-record`.
import type { Finding } from "@skillshelf/bundle-reader";
import { comparePaths, isValidId, message, type Refusal } from "@skillshelf/contract";
import { treeFindings } from "./known-skills.js";
import type { InstallRecord } from "./record.js";
import { type Tree, treeOf } from "./record.js";
import type { Roots } from "./roots.js";
import type { ManagedStore, StoredFile } from "./store.js";
import { storeFailure } from "./store-failure.js";

/** How one file differs from its record. */
export type FileDrift = {
  path: string;
  change: "modified" | "added" | "removed" | "mode-changed";
};

/**
 * What the bytes held now hide (findingsOf over every text file of the tree
 * read), whatever the verdict: a hand edit that added hidden text is named
 * beside the drift, before anyone approves it. Absent when no tree was read,
 * or when the caller said it shows none (VerifyOptions).
 */
type Held = { findings?: Finding[] };

/**
 * `findings: false` for a caller that never shows them (sync, update, the
 * payload): working them out parses every SKILL.md's frontmatter, a third
 * of what verifying a store of small skills costs.
 */
export type VerifyOptions = { findings?: boolean };

/** One managed skill against its record. */
export type Verdict = (
  | { id: string; status: "unchanged"; record: InstallRecord; tree: Tree }
  | {
      id: string;
      status: "changed";
      record: InstallRecord;
      /** The tree now; absent when the files cannot be read as a tree (then `problem` says why). */
      tree?: Tree;
      files: FileDrift[];
      problem?: string;
    }
  | { id: string; status: "no-record"; tree?: Tree }
  | {
      id: string;
      status: "bad-record";
      /** `bad-record`, with what is wrong with the record in `detail`. */
      refusal: Refusal;
      tree?: Tree;
    }
) &
  Held;

export type VerifyResult = { ok: true; skills: Verdict[] } | { ok: false; refusal: Refusal };

/** The files of `now` that differ from `recorded`, in path order. */
export function compareTrees(recorded: Tree, now: Tree): FileDrift[] {
  const before = new Map(recorded.files.map((file) => [file.path, file]));
  const after = new Map(now.files.map((file) => [file.path, file]));
  const drift: FileDrift[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort(comparePaths)) {
    const was = before.get(path);
    const is = after.get(path);
    if (was === undefined) drift.push({ path, change: "added" });
    else if (is === undefined) drift.push({ path, change: "removed" });
    else if (was.sha256 !== is.sha256 || was.size !== is.size)
      drift.push({ path, change: "modified" });
    else if (was.executable !== is.executable) drift.push({ path, change: "mode-changed" });
  }
  return drift;
}

/** One managed skill, by id, against its record. */
export async function verifyOne(
  store: ManagedStore,
  id: string,
  held?: readonly StoredFile[],
  options: VerifyOptions = {},
): Promise<Verdict> {
  const [read, stored] = await Promise.all([
    store.record(id),
    held === undefined ? store.files(id) : { ok: true as const, files: [...held] },
  ]);
  const tree = stored.ok ? treeOf(stored.files) : undefined;
  const withTree =
    tree === undefined || !stored.ok
      ? {}
      : options.findings === false
        ? { tree }
        : { tree, findings: treeFindings(id, tree, stored.files) };
  if (read.kind === "missing") return { id, status: "no-record", ...withTree };
  if (read.kind === "bad") {
    const refusal: Refusal = { code: "bad-record", skill: id, detail: read.detail };
    return { id, status: "bad-record", refusal, ...withTree };
  }
  const { record } = read;
  if (tree === undefined) {
    const problem =
      !stored.ok && "refusal" in stored
        ? message({ ...stored.refusal, skill: id })
        : "its files are gone";
    return { id, status: "changed", record, files: [], problem };
  }
  const files = compareTrees(record.tree, tree);
  return files.length === 0 && tree.digest === record.tree.digest
    ? { id, status: "unchanged", record, ...withTree, tree }
    : { id, status: "changed", record, ...withTree, tree, files };
}

/** Every managed skill (or those named), each against its record, in id order. */
export async function verify(
  roots: Roots,
  ids: readonly string[] = [],
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const { managed } = roots;
  if (managed === undefined) return { ok: false, refusal: { code: "no-managed-root" } };
  try {
    // Listing first also settles a crashed writer's leftovers, so a record and its skill agree.
    const listed = (await managed.list()).map((entry) => entry.name).sort();
    const names = ids.length > 0 ? [...ids] : listed;
    for (const id of names) {
      if (!isValidId(id) || (await managed.inspect(id)) === undefined) {
        return {
          ok: false,
          refusal: { code: "unknown-skill", skill: id, detail: "it is not a managed skill" },
        };
      }
    }
    const skills: Verdict[] = [];
    for (const id of names) skills.push(await verifyOne(managed, id, undefined, options));
    return { ok: true, skills };
  } catch (error) {
    return { ok: false, refusal: storeFailure(error) };
  }
}
