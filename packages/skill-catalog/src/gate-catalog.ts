// The payload's view of the catalog: every offered skill held to
// admit-skill.ts (a managed skill vouched for as read, then the shelf's
// signature judge, when it hands one in), so what a worker is handed passes
// the same rules as what the MCP server serves. Skills are admitted a few at
// a time, since each may hash its whole tree.
import { type Admission, admitSkill, type ServeOptions, type Signer } from "./admit-skill.js";
import { revisionOf } from "./digest.js";
import type { Roots } from "./roots.js";
import type { CatalogWithBodies, LoadedSkill, RefusedSkill } from "./types.js";

/** What the payload may be told about the gate: allowDrift, and the shelf's signature judge. */
export type GateOptions = ServeOptions;

/**
 * The catalog with withheld skills moved to `refused`, those let through by
 * allowDrift in `allowed`, and who signed each offered skill the judge
 * found signed by a trusted key.
 */
export type GatedCatalog = CatalogWithBodies & {
  allowed: RefusedSkill[];
  signers: Map<string, Signer>;
};

/** Holds every skill of `view` to the trust gate and the judge; builtin skills pass when no judge is given. */
export async function gateCatalog(
  roots: Roots,
  view: CatalogWithBodies,
  options: GateOptions = {},
): Promise<GatedCatalog> {
  const skills: LoadedSkill[] = [];
  const refused: RefusedSkill[] = [...view.refused];
  const allowed: RefusedSkill[] = [];
  const signers = new Map<string, Signer>();
  const held = (skill: LoadedSkill): boolean =>
    options.judge !== undefined || (skill.origin === "managed" && roots.managed !== undefined);
  const admissions = await inTurns(view.skills, (skill) =>
    held(skill) ? admitSkill(roots, skill, options) : Promise.resolve(undefined),
  );
  view.skills.forEach((skill, i) => {
    const admission: Admission | undefined = admissions[i];
    if (admission !== undefined && !admission.ok && "refused" in admission) {
      refused.push(admission.refused);
      return;
    }
    // A skill whose files cannot be read is offered here and refused by the
    // payload's manifests, with the store's own words.
    skills.push(skill);
    if (admission?.ok !== true) return;
    if (admission.allowed !== undefined) allowed.push(admission.allowed);
    if (admission.signer !== undefined) signers.set(skill.id, admission.signer);
  });
  refused.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { skills, refused, revision: revisionOf(skills), allowed, signers };
}

/** How many skills are read and hashed at once: enough to keep the disk or the database busy. */
const TURNS = 16;

async function inTurns<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TURNS, items.length) }, worker));
  return results;
}
