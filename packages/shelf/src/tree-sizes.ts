// How many bytes each offered skill's whole tree holds (every file, SKILL.md
// among them), shown by `list` beside its body's bytes, which are what the
// payload bound counts. The MCP listing has already read the tree of every
// skill it serves; a skill it does not serve (drifted, unapproved, unsigned)
// is read once more, as its files are now. SKILL.sig is not counted: it
// travels with a tree but is not part of it. A skill whose files cannot be
// read has no size here.
import type { ServedSkill } from "@skillshelf/mcp/source";
import { isSignatureFile, type Roots, readSkillFiles } from "@skillshelf/skill-catalog";

/** The whole tree's bytes of each offered skill, by id. */
export async function treeSizes(
  roots: Roots,
  offered: readonly { id: string }[],
  served: readonly ServedSkill[],
): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const skill of served) {
    sizes.set(
      skill.id,
      skill.files.reduce((sum, file) => sum + file.size, 0),
    );
  }
  for (const { id } of offered) {
    if (sizes.has(id)) continue;
    const read = await readSkillFiles(roots, id);
    if (!read.ok) continue;
    const tree = read.files.filter((file) => !isSignatureFile(file.path));
    sizes.set(
      id,
      tree.reduce((sum, file) => sum + file.bytes.length, 0),
    );
  }
  return sizes;
}
