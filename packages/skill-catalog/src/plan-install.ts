// The validation install and check share, so that a dry run and a real
// import always agree: every skill on its own first, then each against the
// roots (never defined in builtin; in managed only when replacing). Nothing
// is written here; install runs the root checks again under the lock.
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import type { DestinationRefusal, Skill } from "@skillshelf/bundle-reader";
import { digestOf } from "./digest.js";
import { inspectAt } from "./load.js";
import type { InstalledSkill } from "./types.js";
import { validateSkill } from "./validate-skill.js";

export type Plan =
  | { ok: true; installed: InstalledSkill[] }
  | { ok: false; refusal: DestinationRefusal };

/** The first refusal any skill earns on its own, including a name used twice. */
export function validateBundle(skills: readonly Skill[]): DestinationRefusal | undefined {
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

/**
 * What installing `skills`, already validated on their own, into the roots
 * would do now, or why the roots refuse it.
 */
export async function planInstall(
  builtin: string,
  managed: string,
  skills: readonly Skill[],
  replace: boolean,
): Promise<Plan> {
  const installed: InstalledSkill[] = [];
  for (const skill of skills) {
    const id = skill.name;
    if ((await inspectAt(builtin, id, "builtin")).kind !== "absent") {
      return {
        ok: false,
        refusal: { code: "already-defined", skill: id, other: join(builtin, id) },
      };
    }
    const present = await lstat(join(managed, id)).then(
      () => true,
      () => false,
    );
    if (present && !replace) {
      return {
        ok: false,
        refusal: { code: "already-defined", skill: id, other: join(managed, id) },
      };
    }
    const skillFile = skill.files.find((file) => file.path === "SKILL.md")!;
    installed.push({
      id,
      replaced: present,
      digest: digestOf(skillFile.bytes),
      path: join(managed, id, "SKILL.md"),
    });
  }
  return { ok: true, installed };
}
