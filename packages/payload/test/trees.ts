// Test trees written from data into real temporary directories, removed when
// the test finishes: a builtin and a managed root of skill folders.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/** A fresh temporary directory, removed when the current test finishes. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-payload-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A SKILL.md that declares id with the title rule, followed by body. */
export function skillText(id: string, body = `What ${id} does.\n`): string {
  return `# ${id}\n\n${body}`;
}

/** A SKILL.md of exactly `bytes` UTF-8 bytes that declares id. */
export function skillTextOfSize(id: string, bytes: number): string {
  const head = `# ${id}\n\n`;
  return head + "x".repeat(bytes - Buffer.byteLength(head));
}

/** Writes each directory name's SKILL.md (string) or raw bytes below root. */
export async function writeSkills(
  root: string,
  skills: Record<string, string | Uint8Array>,
): Promise<void> {
  for (const [dir, content] of Object.entries(skills)) {
    await mkdir(join(root, dir), { recursive: true });
    await writeFile(join(root, dir, "SKILL.md"), content);
  }
}

/** A temporary workspace with builtin and managed roots holding the given skills. */
export async function makeRoots(
  builtin: Record<string, string | Uint8Array>,
  managed?: Record<string, string | Uint8Array>,
): Promise<{ builtin: string; managed?: string }> {
  const base = await makeTempDir();
  const roots = { builtin: join(base, "workspace", "skills") };
  await writeSkills(roots.builtin, builtin);
  if (managed === undefined) return roots;
  const withManaged = { ...roots, managed: join(base, "data", "skills") };
  await writeSkills(withManaged.managed, managed);
  return withManaged;
}

/** n skills named skill-0000.. with bodies of `bytes` bytes each. */
export function manySkills(n: number, bytes = 256): Record<string, string> {
  const skills: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const id = `skill-${String(i).padStart(4, "0")}`;
    skills[id] = skillTextOfSize(id, bytes);
  }
  return skills;
}
