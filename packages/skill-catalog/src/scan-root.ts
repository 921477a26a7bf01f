// Lists one root and inspects every entry that could be a skill: directories
// and symbolic links whose names do not start with a dot. A missing root is
// no skills, never an error. Inspections are synchronous and run one after
// another in slices of about SLICE_MS, with a yield to the event loop between
// slices: a root of ten thousand small skills costs its system calls and
// little more (sent one by one through libuv's thread pool, the same calls
// cost several times as much, far more on a busy machine), and a server that
// builds a catalog still answers other requests while it does. Each offered
// skill is passed through `shape` as soon as it is judged, so a catalog that
// does not return texts never holds ten thousand of them at once.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { type EntryKind, type Inspection, inspectSkillSync } from "./inspect-skill.js";
import type { LoadedSkill, OfferedSkill, Origin } from "./types.js";

const SLICE_MS = 10;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Each skill-looking entry of `root` by name, with what it turned out to be. */
export async function scanRoot<S extends OfferedSkill>(
  root: string,
  origin: Origin,
  shape: (skill: LoadedSkill) => S,
): Promise<Map<string, Inspection<S>>> {
  const candidates = (await listEntries(root)).flatMap((entry): [string, EntryKind][] => {
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return [[entry.name, "directory"]];
    if (entry.isSymbolicLink()) return [[entry.name, "link"]];
    return [];
  });
  const found = new Map<string, Inspection<S>>();
  let sliceStarted = performance.now();
  for (const [name, kind] of candidates) {
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    const inspection = inspectSkillSync(root, name, origin, kind);
    if (inspection.kind === "offered")
      found.set(name, { kind: "offered", skill: shape(inspection.skill) });
    else if (inspection.kind === "refused") found.set(name, inspection);
  }
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
