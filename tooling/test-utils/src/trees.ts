// Test trees written from data: a map of relative path to text or bytes
// becomes real files below a root, and a map of directory to SKILL.md becomes
// skill folders. Tests state the tree they need in one literal instead of a
// run of mkdir and writeFile calls.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Writes `files` (relative path -> text or bytes) below `root`, making directories; returns root. */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): string {
  for (const [path, content] of Object.entries(files)) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return root;
}

/** Writes each directory's SKILL.md (text or raw bytes) below `root`; returns root. */
export function writeSkills(root: string, skills: Record<string, string | Uint8Array>): string {
  mkdirSync(root, { recursive: true });
  return writeTree(
    root,
    Object.fromEntries(Object.entries(skills).map(([dir, body]) => [join(dir, "SKILL.md"), body])),
  );
}

/** A SKILL.md that declares `id` by its title (the identity rule), followed by `body`. */
export function skillText(id: string, body = `What ${id} does.\n`): string {
  return `# ${id}\n\n${body}`;
}
