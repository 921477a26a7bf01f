// The validation install and check share, so that a dry run and a real
// import always agree: every skill on its own first (validateBundle), then
// against the roots (admission): never defined in builtin, in the managed
// store only when replacing, and the offered bodies after the change within
// the payload bound. The store runs the admission inside its own
// all-or-nothing step (under its lock, in its transaction), against the store
// as it is then; check runs it against the store as it is now.
import type { Skill } from "@skillshelf/bundle-reader";
import { type Concern, concerning, type Refusal } from "@skillshelf/contract";
import { digestOf } from "./digest.js";
import { inspectRoot, usageOfRoot } from "./directory-root.js";
import { judgeEntry } from "./inspect-skill.js";
import { payloadUse, refusePayloadTooLarge } from "./payload-bound.js";
import type { ManagedStore, StoreView } from "./store.js";
import type { InstalledSkill } from "./types.js";
import { validateSkill } from "./validate-skill.js";

/**
 * The first refusal any skill earns on its own, including a name used twice;
 * inside a collection it names every skill refused on its own, so one `skip`
 * of them all lets the others in.
 */
export function validateBundle(skills: readonly Skill[]): Refusal | undefined {
  const names = new Set<string>();
  let first: Refusal | undefined;
  const atFault: Concern[] = [];
  for (const skill of skills) {
    const refusal = validateSkill(skill);
    if (refusal !== undefined) {
      first ??= refusal;
      atFault.push({ skill: skill.name, count: 1 });
      continue;
    }
    if (names.has(skill.name)) {
      // Two skills of one name: neither skip could tell them apart.
      return (
        first ?? {
          code: "already-defined",
          skill: skill.name,
          other: "another skill of this bundle",
        }
      );
    }
    names.add(skill.name);
  }
  return first === undefined ? undefined : concerning(first, atFault, skills.length);
}

/**
 * The clash an incoming skill `id` has with the builtin root, which no
 * import may overwrite, whatever `replace` says; undefined when it has none.
 * Read from the root alone, so a listing can judge a skill by it before any
 * import.
 */
export function builtinClash(
  builtin: string,
  id: string,
): { skill: string; other: string; origin: "builtin" } | undefined {
  const inBuiltin = inspectRoot(builtin, id);
  if (inBuiltin === undefined || judgeEntry(inBuiltin, "builtin").kind === "absent")
    return undefined;
  return { skill: id, other: inBuiltin.dir, origin: "builtin" };
}

/** Where a stored skill lives, in words: `<store>/<id>`. */
export const placeOf = (store: ManagedStore, id: string): string => `${store.location}/${id}`;

/**
 * Judges `skills` against the roots as `view` shows the managed store now;
 * answers what the install does, or the refusal. Only the incoming ids are
 * looked up in the builtin root, and the bound is summed from sizes the
 * roots tell without reading a body (the store's usage, the builtin
 * root's `lstat`s), so admission costs the same at 10 or 10,000 skills.
 */
export async function admitInstall(
  builtin: string,
  store: ManagedStore,
  view: StoreView,
  skills: readonly Skill[],
  replace: boolean,
): Promise<{ ok: true; installed: InstalledSkill[] } | { ok: false; refusal: Refusal }> {
  const installed: InstalledSkill[] = [];
  // Every clash is named at once, so one fix (rename, --replace, --skip) covers them all.
  const clashes: { skill: string; other: string; origin: "builtin" | "managed" }[] = [];
  for (const skill of skills) {
    const id = skill.name;
    const inBuiltin = builtinClash(builtin, id);
    if (inBuiltin !== undefined) {
      clashes.push(inBuiltin);
      continue;
    }
    const present = await view.has(id);
    if (present && !replace) {
      clashes.push({ skill: id, other: placeOf(store, id), origin: "managed" });
      continue;
    }
    const skillFile = skillFileOf(skill);
    installed.push({
      id,
      replaced: present,
      digest: digestOf(skillFile.bytes),
      path: `${placeOf(store, id)}/SKILL.md`,
    });
  }
  const [first] = clashes;
  if (first !== undefined) {
    const refusal: Refusal = { code: "already-defined", ...first };
    return { ok: false, refusal: clashes.length > 1 ? { ...refusal, clashes } : refusal };
  }
  const over = await exceedsPayloadBound(builtin, view, skills);
  return over === undefined ? { ok: true, installed } : { ok: false, refusal: over };
}

const skillFileOf = (skill: Skill) => skill.files.find((file) => file.path === "SKILL.md")!;

/**
 * The payload-too-large refusal if the bodies offered after installing
 * `skills` would be over the bound. Every stored body counts, refused or
 * not (a refused skill is one its operator is about to mend); an id in both
 * roots counts in neither, as the catalog refuses it in both.
 */
async function exceedsPayloadBound(
  builtin: string,
  view: StoreView,
  skills: readonly Skill[],
): Promise<Refusal | undefined> {
  const [fromBuiltin, managed] = await Promise.all([usageOfRoot(builtin), view.usage()]);
  const fromManaged = new Map(managed);
  for (const skill of skills) fromManaged.set(skill.name, skillFileOf(skill).bytes.length);
  let bytes = 0;
  let count = 0;
  for (const [id, size] of fromBuiltin) {
    if (fromManaged.has(id)) continue;
    bytes += size;
    count += 1;
  }
  for (const [id, size] of fromManaged) {
    if (fromBuiltin.has(id)) continue;
    bytes += size;
    count += 1;
  }
  const use = payloadUse([{ bytes }]);
  if (use.bytes <= use.limit) return undefined;
  return refusePayloadTooLarge(use.bytes, count, "after-install");
}
