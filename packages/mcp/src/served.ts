// The lookups every handler shares: a URI read strictly, the skill it names
// asked of the source, and the refusals when either fails. A skill the
// source refuses answers with the source's code and reason; one it offers
// but that the Skills extension cannot carry answers `mcp-unservable`.
import { invalidParams, invalidUri } from "./errors.js";
import { isServable, mcpServability } from "./servability.js";
import type { ServedSkill, SkillSource } from "./skill-source.js";
import { parseSkillUri, type SkillUri } from "./skill-uri.js";

/** The id and path a URI names, or the Invalid params error for it. */
export function readUri(uri: string): SkillUri {
  const parsed = parseSkillUri(uri);
  if (!parsed.ok) throw invalidUri(uri, parsed.reason);
  return { id: parsed.id, path: parsed.path };
}

/** The servable skill `id`, or the Invalid params error saying why it is not served. */
export async function servedSkill(source: SkillSource, id: string): Promise<ServedSkill> {
  const got = await source.get(id);
  if (!got.ok) throw invalidParams({ code: got.code, reason: got.reason });
  if (!isServable(got.skill)) {
    const warning = mcpServability(got.skill).find((w) => w.code === "mcp-unservable")!;
    throw invalidParams({ code: warning.code, reason: warning.reason });
  }
  return got.skill;
}

// A source that answers the same listing again (the catalog source while
// nothing changed) is filtered and sorted once for it.
const sorted = new WeakMap<ServedSkill[], ServedSkill[]>();

/** Every servable skill the source offers, sorted by id. */
export async function servedSkills(source: SkillSource): Promise<ServedSkill[]> {
  const { skills } = await source.list();
  let served = sorted.get(skills);
  if (served === undefined) {
    served = skills.filter(isServable).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    sorted.set(skills, served);
  }
  return served;
}
