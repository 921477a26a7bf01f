// Removes a managed skill. Builtin skills are never removed here. Under the
// managed root's lock the skill's directory is renamed into the staging area
// in one step (the removal is complete at that rename) and deleted from
// there, so no reader ever sees half a skill.
import { lstat, rename } from "node:fs/promises";
import { join } from "node:path";
import { syncDirectory } from "./durable.js";
import { isValidId } from "./id.js";
import { inspectAt } from "./load.js";
import { acquireLock } from "./lock.js";
import { describeError } from "./read-skill-file.js";
import { type RootsLike, resolveRoots } from "./roots.js";
import { beginTransaction, discardTransaction, recoverStaging } from "./staging.js";
import type { RemoveResult } from "./types.js";

/** Removes the managed skill `id`. */
export async function remove(roots: RootsLike, id: string): Promise<RemoveResult> {
  const { builtin, managed } = resolveRoots(roots);
  if (managed === undefined) return { ok: false, refusal: { code: "no-managed-root", skill: id } };
  if (!isValidId(id)) {
    return {
      ok: false,
      refusal: { code: "unknown-skill", skill: id, detail: "it is not a valid id" },
    };
  }
  let release: (() => Promise<void>) | undefined;
  try {
    const inManaged = await isPresent(join(managed, id));
    if (!inManaged) {
      const inBuiltin = (await inspectAt(builtin, id, "builtin")).kind !== "absent";
      return {
        ok: false,
        refusal: { code: inBuiltin ? "builtin-skill" : "unknown-skill", skill: id },
      };
    }
    release = await acquireLock(managed, { wait: true });
    await recoverStaging(managed);
    if (!(await isPresent(join(managed, id)))) {
      return { ok: false, refusal: { code: "unknown-skill", skill: id } };
    }
    const transaction = await beginTransaction(managed);
    await rename(join(managed, id), join(transaction.oldDir, id));
    // Removed at that rename; what follows is durability and clean-up, which
    // the next writer completes if it fails here.
    await syncDirectory(managed).catch(() => {});
    await discardTransaction(transaction.dir).catch(() => {});
    return { ok: true, id };
  } catch (error) {
    return {
      ok: false,
      refusal: { code: "store-failed", skill: id, detail: describeError(error) },
    };
  } finally {
    await release?.().catch(() => {});
  }
}

const isPresent = (path: string): Promise<boolean> =>
  lstat(path).then(
    () => true,
    () => false,
  );
