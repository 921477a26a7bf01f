// Removes a managed skill and its record. Builtin skills are never removed
// here. The store makes the removal one step (the directory store renames the
// skill's directory into its staging area under the lock), so no reader ever
// sees half a skill.

import { isValidId } from "@skillshelf/contract";
import { inspectRoot } from "./directory-root.js";
import type { Roots } from "./roots.js";
import { storeFailure } from "./store-failure.js";
import type { RemoveResult } from "./types.js";

/** Removes the managed skill `id`. */
export async function remove(roots: Roots, id: string): Promise<RemoveResult> {
  const { builtin, managed } = roots;
  if (managed === undefined) return { ok: false, refusal: { code: "no-managed-root", skill: id } };
  if (!isValidId(id)) {
    return {
      ok: false,
      refusal: { code: "unknown-skill", skill: id, detail: "it is not a valid id" },
    };
  }
  try {
    if ((await managed.inspect(id)) === undefined && inspectRoot(builtin, id) !== undefined) {
      return { ok: false, refusal: { code: "builtin-skill", skill: id } };
    }
    const removed = await managed.remove(id);
    return removed.ok ? { ok: true, id } : removed;
  } catch (error) {
    return { ok: false, refusal: storeFailure(error, id) };
  }
}
