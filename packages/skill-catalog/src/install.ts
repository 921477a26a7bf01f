// The destination: installs a bundle's skills into the managed root all or
// nothing. Validation (check's, exactly) comes first and writes nothing, not
// even the managed root, if any skill fails; then, under the managed root's
// lock, leftovers of a crashed writer are recovered, the checks against the
// roots run again (another process may have installed meanwhile), every tree
// is staged and fsynced, the journal commits the change, and the trees are
// renamed into place.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Skill } from "@skillshelf/bundle-reader";
import { acquireLock } from "./lock.js";
import { planInstall, validateBundle } from "./plan-install.js";
import { describeError } from "./read-skill-file.js";
import { type RootsLike, resolveRoots } from "./roots.js";
import {
  applyTransaction,
  beginTransaction,
  commitTransaction,
  discardTransaction,
  recoverStaging,
  type Transaction,
  undoTransaction,
} from "./staging.js";
import type { InstallOptions, InstallResult } from "./types.js";
import { writeSkillTree } from "./write-skill-tree.js";

const storeFailed = (error: unknown): InstallResult => ({
  ok: false,
  refusal: { code: "store-failed", detail: describeError(error) },
});

type Prepared = { builtin: string; managed: string } | { refused: InstallResult };

/** What check and install both do first: a managed root, and every skill valid on its own. */
function prepare(roots: RootsLike, skills: readonly Skill[]): Prepared {
  const { builtin, managed } = resolveRoots(roots);
  if (managed === undefined)
    return { refused: { ok: false, refusal: { code: "no-managed-root" } } };
  const invalid = validateBundle(skills);
  if (invalid !== undefined) return { refused: { ok: false, refusal: invalid } };
  return { builtin, managed };
}

/** The same validation as install, writing nothing: what install would do now. */
export async function check(
  roots: RootsLike,
  skills: Skill[],
  options: InstallOptions = {},
): Promise<InstallResult> {
  const prepared = prepare(roots, skills);
  if ("refused" in prepared) return prepared.refused;
  try {
    return await planInstall(prepared.builtin, prepared.managed, skills, options.replace === true);
  } catch (error) {
    return storeFailed(error);
  }
}

/** Installs every skill of a bundle into the managed root, or none of them. */
export async function install(
  roots: RootsLike,
  skills: Skill[],
  options: InstallOptions = {},
): Promise<InstallResult> {
  const prepared = prepare(roots, skills);
  if ("refused" in prepared) return prepared.refused;
  const { builtin, managed } = prepared;
  let release: (() => Promise<void>) | undefined;
  try {
    const early = await planInstall(builtin, managed, skills, options.replace === true);
    if (!early.ok) return early;
    await mkdir(managed, { recursive: true });
    release = await acquireLock(managed, { wait: true });
    await recoverStaging(managed);
    const plan = await planInstall(builtin, managed, skills, options.replace === true);
    if (!plan.ok || plan.installed.length === 0) return plan;
    await stageAndSwap(managed, skills);
    return plan;
  } catch (error) {
    return storeFailed(error);
  } finally {
    await release?.().catch(() => {});
  }
}

async function stageAndSwap(managed: string, skills: readonly Skill[]): Promise<void> {
  const ids = skills.map((skill) => skill.name);
  const transaction = await beginTransaction(managed);
  let committed = false;
  try {
    for (const skill of skills)
      await writeSkillTree(join(transaction.newDir, skill.name), skill.files);
    await commitTransaction(managed, transaction, ids);
    committed = true;
    await applyTransaction(managed, transaction, ids);
  } catch (error) {
    await abandon(managed, transaction, ids, committed);
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
  committed: boolean,
): Promise<void> {
  try {
    if (committed) await undoTransaction(managed, transaction, ids);
    await discardTransaction(transaction.dir);
  } catch {
    // Left for recovery under the next writer's lock.
  }
}
