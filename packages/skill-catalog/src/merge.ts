// One namespace over two roots. An id found in both is refused in both, with
// one refusal naming the two places, and leaves the offered set: the order of
// the roots is never precedence. The catalog and load share this rule.
import { dirname } from "node:path";
import type { Inspection } from "./inspect-skill.js";
import type { OfferedSkill, RefusedSkill } from "./types.js";

/** The refusal for an id that both roots define. */
export function refuseDefinedTwice(
  id: string,
  builtinDir: string,
  managedDir: string,
): RefusedSkill {
  return {
    id,
    code: "defined-twice",
    reason: `defined twice: builtin at ${builtinDir}, and managed at ${managedDir}`,
  };
}

const byId = (a: { id: string }, b: { id: string }): number =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

const dirOf = (inspection: Inspection<OfferedSkill>): string =>
  inspection.kind === "offered"
    ? dirname(inspection.skill.path)
    : inspection.kind === "refused"
      ? dirname(inspection.refused.path ?? "")
      : "";

/** Offered skills and refusals over both roots' inspections, each sorted by id. */
export function mergeRoots<S extends OfferedSkill>(
  builtin: Map<string, Inspection<S>>,
  managed: Map<string, Inspection<S>>,
): { skills: S[]; refused: RefusedSkill[] } {
  const skills: S[] = [];
  const refused: RefusedSkill[] = [];
  const take = (inspection: Inspection<S>): void => {
    if (inspection.kind === "offered") skills.push(inspection.skill);
    else if (inspection.kind === "refused") refused.push(inspection.refused);
  };
  for (const [name, inspection] of builtin) {
    const other = managed.get(name);
    if (other === undefined) take(inspection);
    else refused.push(refuseDefinedTwice(name, dirOf(inspection), dirOf(other)));
  }
  for (const [name, inspection] of managed) if (!builtin.has(name)) take(inspection);
  return { skills: skills.sort(byId), refused: refused.sort(byId) };
}
