// Which skills of a collection a refusal is about. A collection is refused
// whole when one of its skills cannot be stored, and the refusal's sentence
// names every skill at fault so that one `skip` of them all lets the others
// in. Every rule that refuses a skill inside a collection (the reader's
// entries and strict warnings, the catalog's id, identity and size rules,
// the findings) attaches its skills here, so the hint appears exactly when
// skipping leaves something to import.
import type { Refusal } from "./refusal.js";
import { refusalTable } from "./refusals.js";

/** A skill at fault, and how many of its files, findings or warnings are (1 for a skill refused whole). */
export type Concern = { skill: string; count: number };

/**
 * `refusal` naming `atFault` as the skills it concerns, when the source read
 * held `among` skills, skipping those at fault leaves at least one, and the
 * code's sentence can name a skip; `refusal` unchanged otherwise (a lone
 * skill, every skill at fault, or a refusal no skip answers).
 */
export function concerning(refusal: Refusal, atFault: readonly Concern[], among: number): Refusal {
  const skills = new Set(atFault.map((c) => c.skill));
  if (skills.size === 0 || skills.size >= among) return refusal;
  if (!refusalTable[refusal.code].options.includes("skip")) return refusal;
  return { ...refusal, concerns: [...atFault] };
}

/** How many entries of `skills` each skill has, in the order the skills are first met. */
export function countBySkill(skills: Iterable<string | undefined>): Concern[] {
  const counts = new Map<string, number>();
  for (const skill of skills) {
    if (skill !== undefined) counts.set(skill, (counts.get(skill) ?? 0) + 1);
  }
  return [...counts].map(([skill, count]) => ({ skill, count }));
}
