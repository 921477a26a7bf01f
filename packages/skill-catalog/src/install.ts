// The destination: installs a bundle's skills into the managed store all or
// nothing, each with its record. Validation (check's, exactly) comes first
// and writes nothing if any skill fails; then the store, inside its own
// all-or-nothing step, runs the admission against the roots again (another
// writer may have installed meanwhile) and writes every skill and record or
// none. Check runs the same validation and admission against the store as it
// is now, and proves the store writable, so a dry run finds whatever the
// install would, short of writing.
import { createRequire } from "node:module";
import type { Skill } from "@skillshelf/bundle-reader";
import { isValidId, type Refusal } from "@skillshelf/contract";
import { admitInstall, validateBundle } from "./plan-install.js";
import { type InstallRecord, type Tree, treeOf } from "./record.js";
import type { Roots } from "./roots.js";
import type { ManagedStore, StoreView } from "./store.js";
import { storeFailure } from "./store-failure.js";
import type { InstalledSkill, InstallOptions, InstallResult } from "./types.js";

const version = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
const DEFAULT_TOOL = `@skillshelf/skill-catalog ${version}`;

type Prepared = { builtin: string; store: ManagedStore } | { refused: InstallResult };

/** What check and install both do first: a managed store, and every skill valid on its own. */
function prepare(roots: Roots, skills: readonly Skill[]): Prepared {
  const { builtin, managed } = roots;
  if (managed === undefined)
    return { refused: { ok: false, refusal: { code: "no-managed-root" } } };
  const invalid = validateBundle(skills);
  if (invalid !== undefined) return { refused: { ok: false, refusal: invalid } };
  return { builtin, store: managed };
}

/** The store as it is now, outside any write: what check admits against. */
const viewNow = (store: ManagedStore): StoreView => ({
  has: async (id) => (await store.inspect(id)) !== undefined,
  usage: () => store.usage(),
  files: (id) => store.files(id),
});

/** The first skill of `unchanged` whose stored tree is no longer the digest given, as `drifted`. */
async function changedSince(
  view: StoreView,
  unchanged: ReadonlyMap<string, string> | undefined,
): Promise<Refusal | undefined> {
  for (const [id, digest] of unchanged ?? []) {
    const stored = await view.files(id);
    if (stored.ok && treeOf(stored.files).digest === digest) continue;
    const detail = "its files changed while update read its source";
    return { code: "drifted", skill: id, detail };
  }
  return undefined;
}

/** The same validation as install, writing nothing: what install would do now. */
export async function check(
  roots: Roots,
  skills: Skill[],
  options: InstallOptions = {},
): Promise<InstallResult> {
  const prepared = prepare(roots, skills);
  if ("refused" in prepared) return prepared.refused;
  const { builtin, store } = prepared;
  try {
    const plan = await admitInstall(
      builtin,
      store,
      viewNow(store),
      skills,
      options.replace === true,
    );
    if (!plan.ok) return plan;
    const writable = await store.probeWritable();
    if (!writable.ok) return writable;
    return {
      ok: true,
      installed: withTrees(
        plan.installed,
        skills.map((s) => treeOf(s.files)),
      ),
    };
  } catch (error) {
    return { ok: false, refusal: storeFailure(error) };
  }
}

/** Installs every skill of a bundle, with its record, into the managed store, or none of them. */
export async function install(
  roots: Roots,
  skills: Skill[],
  options: InstallOptions = {},
): Promise<InstallResult> {
  const prepared = prepare(roots, skills);
  if ("refused" in prepared) return prepared.refused;
  const { builtin, store } = prepared;
  const installedAt = new Date().toISOString();
  const staged = skills.map((skill) => ({ skill, record: recordOf(skill, options, installedAt) }));
  let installed: InstalledSkill[] = [];
  try {
    // Refused now means refused before anything, even the managed root, is created.
    const early = await admitInstall(
      builtin,
      store,
      viewNow(store),
      skills,
      options.replace === true,
    );
    if (!early.ok) return early;
    const written = await store.install(staged, async (view) => {
      const drifted = await changedSince(view, options.unchangedSince);
      if (drifted !== undefined) return drifted;
      const plan = await admitInstall(builtin, store, view, skills, options.replace === true);
      if (!plan.ok) return plan.refusal;
      installed = plan.installed;
      return undefined;
    });
    if (!written.ok) return written;
  } catch (error) {
    return { ok: false, refusal: storeFailure(error) };
  }
  return {
    ok: true,
    installed: withTrees(
      installed,
      staged.map(({ record }) => record.tree),
    ),
  };
}

/** A view of the store as it will be once `removed` are gone: what a set's install is admitted against. */
function without(view: StoreView, removed: readonly string[]): StoreView {
  if (removed.length === 0) return view;
  const gone = new Set(removed);
  return {
    has: async (id) => !gone.has(id) && (await view.has(id)),
    files: (id) => view.files(id),
    usage: async () => {
      const usage = await view.usage();
      for (const id of gone) usage.delete(id);
      return usage;
    },
  };
}

/**
 * Makes the managed store hold `set.install` (each replacing what is stored
 * under its id) and no longer hold `set.remove`, in one all-or-nothing step
 * of the store: what `sync` asks. The skills are validated and admitted as
 * install's are, against the store as it will be without the removed ids.
 */
export async function applySet(
  roots: Roots,
  set: { install: Skill[]; remove: readonly string[] },
  options: InstallOptions = {},
): Promise<InstallResult> {
  const prepared = prepare(roots, set.install);
  if ("refused" in prepared) return prepared.refused;
  const { builtin, store } = prepared;
  const invalid = set.remove.find((id) => !isValidId(id));
  if (invalid !== undefined) {
    return {
      ok: false,
      refusal: { code: "unknown-skill", skill: invalid, detail: "it is not a valid id" },
    };
  }
  const installedAt = new Date().toISOString();
  const staged = set.install.map((skill) => ({
    skill,
    record: recordOf(skill, options, installedAt),
  }));
  let installed: InstalledSkill[] = [];
  try {
    const admit = async (view: StoreView) => {
      const plan = await admitInstall(builtin, store, without(view, set.remove), set.install, true);
      if (!plan.ok) return plan.refusal;
      installed = plan.installed;
      return undefined;
    };
    const early = await admit(viewNow(store));
    if (early !== undefined) return { ok: false, refusal: early };
    const written = await store.apply({ install: staged, remove: set.remove }, admit);
    if (!written.ok) return written;
  } catch (error) {
    return { ok: false, refusal: storeFailure(error) };
  }
  return {
    ok: true,
    installed: withTrees(
      installed,
      staged.map(({ record }) => record.tree),
    ),
  };
}

function recordOf(skill: Skill, options: InstallOptions, installedAt: string): InstallRecord {
  const record: InstallRecord = {
    id: skill.name,
    installedAt,
    tool: options.tool ?? DEFAULT_TOOL,
    tree: treeOf(skill.files),
  };
  const source = options.sources?.get(skill.name) ?? options.source;
  if (source !== undefined) record.source = source;
  const signature = options.signatures?.get(skill.name);
  if (signature !== undefined) record.signature = signature;
  const accepted = options.acceptedBy?.get(skill.name) ?? options.accepted ?? [];
  if (accepted.length > 0) record.accepted = [...accepted];
  return record;
}

/** Each installed skill with its tree digest; `trees` are in the bundle's order, as `installed` is. */
function withTrees(installed: InstalledSkill[], trees: readonly Tree[]): InstalledSkill[] {
  return installed.map((skill, i) => ({ ...skill, treeDigest: trees[i]!.digest }));
}
