// Lists one root and inspects every entry that could be a skill: directories
// and symbolic links whose names do not start with a dot. A missing root is
// no skills, never an error. Inspections run a bounded number at a time, so a
// root of ten thousand skills keeps the thread pool busy without opening ten
// thousand files at once.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { type EntryKind, type Inspection, inspectSkill } from "./inspect-skill.js";
import type { Origin } from "./types.js";

const IN_FLIGHT = 32;

/** Each skill-looking entry of `root` by name, with what it turned out to be. */
export async function scanRoot(root: string, origin: Origin): Promise<Map<string, Inspection>> {
  const candidates = (await listEntries(root)).flatMap((entry): [string, EntryKind][] => {
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return [[entry.name, "directory"]];
    if (entry.isSymbolicLink()) return [[entry.name, "link"]];
    return [];
  });
  const found = new Map<string, Inspection>();
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < candidates.length) {
      const [name, kind] = candidates[next++]!;
      const inspection = await inspectSkill(root, name, origin, kind);
      if (inspection.kind !== "absent") found.set(name, inspection);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, candidates.length) }, work));
  return found;
}

/** The entries of a root; none when it does not exist or is not a directory. */
export async function listEntries(root: string): Promise<Dirent[]> {
  try {
    return await readdir(root, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw new Error(`cannot list the skill root ${root}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
