// What a skillshelf signature signs: one line naming the format, the skill's
// id and its tree digest (docs/architecture.md, "Tree digest"). The id is in
// the statement so that a signature over one skill's tree cannot be carried
// to another skill that happens to hold the same files; the version word
// lets a later statement form never be mistaken for this one.

/** The SSH signature namespace skillshelf signs in (`ssh-keygen -Y sign -n skillshelf`). */
export const SIGNATURE_NAMESPACE = "skillshelf";

/** The file at a skill's root that carries its signature. */
export const SIGNATURE_FILE_NAME = "SKILL.sig";

/** The most bytes a signature file may hold. */
export const MAX_SIGNATURE_BYTES = 16_384;

/**
 * The statement a signer signs for skill `id` with tree digest `treeDigest`:
 * `skillshelf-tree-v1 <id> <tree digest>\n`. Throws a TypeError for a digest
 * that is not 64 lowercase hex or an id holding whitespace or a control
 * character: both come from the caller's own catalog, never from a source.
 */
export function treeStatement(id: string, treeDigest: string): string {
  if (!/^[0-9a-f]{64}$/.test(treeDigest)) {
    throw new TypeError("a tree digest is 64 lowercase hexadecimal characters");
  }
  if (id === "" || /[\s\x00-\x1f\x7f]/.test(id)) {
    throw new TypeError("a skill id is not empty and holds no whitespace or control character");
  }
  return `skillshelf-tree-v1 ${id} ${treeDigest}\n`;
}
