// The two roots skills live in: the builtin one (a workspace's `skills`
// folder, never written here) and the optional managed one (a data
// directory's `skills` folder, the destination of installs). Functions take
// any object of this shape, so callers may pass plain records.
import { resolve } from "node:path";

/** Anything that names a builtin root and, optionally, a managed one. */
export type RootsLike = { builtin: string; managed?: string | undefined };

export class SkillRoots {
  readonly builtin: string;
  readonly managed: string | undefined;

  constructor(builtin: string, managed?: string) {
    this.builtin = resolve(builtin);
    this.managed = managed === undefined ? undefined : resolve(managed);
  }

  /** The builtin root of a workspace (`<dir>/skills`), with no managed root. */
  static forWorkspace(dir: string): SkillRoots {
    return new SkillRoots(resolve(dir, "skills"));
  }

  /** The same builtin root, with the managed root `<dataDir>/skills`. */
  withManaged(dataDir: string): SkillRoots {
    return new SkillRoots(this.builtin, resolve(dataDir, "skills"));
  }
}

/** The roots as absolute paths. */
export function resolveRoots(roots: RootsLike): { builtin: string; managed: string | undefined } {
  return {
    builtin: resolve(roots.builtin),
    managed: roots.managed === undefined ? undefined : resolve(roots.managed),
  };
}
