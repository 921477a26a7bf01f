// One namespace over two roots. An id found in both is refused in both, with
// one refusal naming the two places, and leaves the offered set: the order of
// the roots is never precedence. The catalog and load share this rule.
import type { Inspection } from "./inspect-skill.js";
import { refuseSkill } from "./inspect-skill.js";
import type { OfferedSkill, RefusedSkill } from "./types.js";

/** An inspection with the directory (or store location) of the entry it judged. */
export type Placed<S extends OfferedSkill> = { inspection: Inspection<S>; dir: string };

/** The refusal for an id that both roots define. */
export function refuseDefinedTwice(
  id: string,
  builtinDir: string,
  managedDir: string,
): RefusedSkill {
  return refuseSkill(id, "defined-twice", { path: builtinDir, other: managedDir });
}

const byId = (a: { id: string }, b: { id: string }): number =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Offered skills and refusals over both roots' inspections, each sorted by id. */
export function mergeRoots<S extends OfferedSkill>(
  builtin: Map<string, Placed<S>>,
  managed: Map<string, Placed<S>>,
): { skills: S[]; refused: RefusedSkill[] } {
  const skills: S[] = [];
  const refused: RefusedSkill[] = [];
  const take = ({ inspection }: Placed<S>): void => {
    if (inspection.kind === "offered") skills.push(inspection.skill);
    else if (inspection.kind === "refused") refused.push(inspection.refused);
  };
  for (const [name, placed] of builtin) {
    const other = managed.get(name);
    if (other === undefined) take(placed);
    else refused.push(refuseDefinedTwice(name, placed.dir, other.dir));
  }
  for (const [name, placed] of managed) if (!builtin.has(name)) take(placed);
  return { skills: skills.sort(byId), refused: refused.sort(byId) };
}
