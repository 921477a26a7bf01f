import { approve, DirectoryStore, type Roots } from "@skillshelf/skill-catalog";
import { makeRootDirs, makeTempDir, skillText, writeSkills } from "@skillshelf/test-utils";

export { makeTempDir, skillText, writeSkills };

/** A SKILL.md of exactly `bytes` UTF-8 bytes that declares id. */
export function skillTextOfSize(id: string, bytes: number): string {
  const head = `# ${id}\n\n`;
  return head + "x".repeat(bytes - Buffer.byteLength(head));
}

/**
 * A temporary workspace with builtin and managed roots holding the given
 * skills. The managed skills are written by hand and then approved (as an
 * operator would), so the trust gate offers those the catalog accepts.
 */
export async function makeRoots(
  builtin: Record<string, string | Uint8Array>,
  managed?: Record<string, string | Uint8Array>,
): Promise<Roots> {
  const dirs = makeRootDirs("skillshelf-payload-");
  const roots = { builtin: writeSkills(dirs.builtin, builtin) };
  if (managed === undefined) return roots;
  const held = { ...roots, managed: storeAt(writeSkills(dirs.managed, managed)) };
  for (const id of Object.keys(managed)) await approve(held, id, { by: "test", tool: "test" });
  return held;
}

/** The directory store at `dir`. */
export const storeAt = (dir: string): DirectoryStore => new DirectoryStore(dir);

/** n skills named skill-0000.. with bodies of `bytes` bytes each. */
export function manySkills(n: number, bytes = 256): Record<string, string> {
  const skills: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const id = `skill-${String(i).padStart(4, "0")}`;
    skills[id] = skillTextOfSize(id, bytes);
  }
  return skills;
}
