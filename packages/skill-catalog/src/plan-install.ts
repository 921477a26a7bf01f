// The validation install and check share, so that a dry run and a real
// import always agree: every skill on its own first (validateBundle), then
// against the roots (admission): never defined in builtin, in the managed
// store only when replacing, and the offered bodies after the change within
// the payload bound. The store runs the admission inside its own
// all-or-nothing step (under its lock, in its transaction), against the store
// as it is then; check runs it against the store as it is now.
import type { Skill } from "@skillshelf/bundle-reader";
import type { Refusal } from "@skillshelf/contract";
import { digestOf } from "./digest.js";
import { listRoot } from "./directory-root.js";
import { judgeEntry } from "./inspect-skill.js";
import { mergeRoots, type Placed } from "./merge.js";
import { payloadUse, refusePayloadTooLarge } from "./payload-bound.js";
import type { ManagedStore, StoreView } from "./store.js";
import type { InstalledSkill, OfferedSkill } from "./types.js";
import { validateSkill } from "./validate-skill.js";

/** The first refusal any skill earns on its own, including a name used twice. */
export function validateBundle(skills: readonly Skill[]): Refusal | undefined {
  const names = new Set<string>();
  for (const skill of skills) {
    const refusal = validateSkill(skill);
    if (refusal !== undefined) return refusal;
    if (names.has(skill.name)) {
      return { code: "already-defined", skill: skill.name, other: "another skill of this bundle" };
    }
    names.add(skill.name);
  }
  return undefined;
}

/** Where a stored skill lives, in words: `<store>/<id>`. */
export const placeOf = (store: ManagedStore, id: string): string => `${store.location}/${id}`;

/**
 * Judges `skills` against the roots as `view` shows the managed store now;
 * answers what the install does, or the refusal.
 */
export async function admitInstall(
  builtin: string,
  store: ManagedStore,
  view: StoreView,
  skills: readonly Skill[],
  replace: boolean,
): Promise<{ ok: true; installed: InstalledSkill[] } | { ok: false; refusal: Refusal }> {
  const fromBuiltin = new Map<string, Placed<OfferedSkill>>();
  await listRoot(builtin, (entry) => {
    const inspection = judgeEntry(entry, "builtin");
    if (inspection.kind !== "absent") fromBuiltin.set(entry.name, { inspection, dir: entry.dir });
  });
  const installed: InstalledSkill[] = [];
  for (const skill of skills) {
    const id = skill.name;
    const inBuiltin = fromBuiltin.get(id);
    if (inBuiltin !== undefined) {
      return { ok: false, refusal: { code: "already-defined", skill: id, other: inBuiltin.dir } };
    }
    const present = await view.has(id);
    if (present && !replace) {
      return {
        ok: false,
        refusal: { code: "already-defined", skill: id, other: placeOf(store, id) },
      };
    }
    const skillFile = skill.files.find((file) => file.path === "SKILL.md")!;
    installed.push({
      id,
      replaced: present,
      digest: digestOf(skillFile.bytes),
      path: `${placeOf(store, id)}/SKILL.md`,
    });
  }
  const over = await exceedsPayloadBound(fromBuiltin, view, skills);
  return over === undefined ? { ok: true, installed } : { ok: false, refusal: over };
}

/** The payload-too-large refusal if the offered set after installing `skills` is over the bound. */
async function exceedsPayloadBound(
  fromBuiltin: Map<string, Placed<OfferedSkill>>,
  view: StoreView,
  skills: readonly Skill[],
): Promise<Refusal | undefined> {
  const fromManaged = new Map<string, Placed<OfferedSkill>>();
  for (const entry of await view.list()) {
    const inspection = judgeEntry(entry, "managed");
    if (inspection.kind !== "absent") fromManaged.set(entry.name, { inspection, dir: entry.dir });
  }
  for (const skill of skills) {
    const bytes = skill.files.find((file) => file.path === "SKILL.md")!.bytes.length;
    const offered = { id: skill.name, origin: "managed", path: "", digest: "", bytes } as const;
    fromManaged.set(skill.name, { inspection: { kind: "offered", skill: offered }, dir: "" });
  }
  const { skills: offered } = mergeRoots(fromBuiltin, fromManaged);
  const use = payloadUse(offered);
  if (use.bytes <= use.limit) return undefined;
  return refusePayloadTooLarge(use.bytes, offered.length, "after-install");
}
