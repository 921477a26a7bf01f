// The two roots skills live in: the builtin one (a workspace's `skills`
// folder, always a directory, never written here) and the optional managed
// store (a data directory's `skills` folder by default, or any ManagedStore,
// the destination of installs). Functions take any object of this shape, so
// callers may pass plain records. `resolveSkillRoots` is the one rule that
// turns a command line's `{ workspace, data }`, the environment and the
// working directory into roots: the CLI and the server both call it.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { DirectoryStore } from "./directory-store.js";
import type { ManagedStore } from "./store.js";

/** Anything that names a builtin root and, optionally, a managed store (a directory path or a store). */
export type RootsLike = { builtin: string; managed?: string | ManagedStore | undefined };

export class SkillRoots {
  readonly builtin: string;
  readonly managed: string | undefined;

  constructor(builtin: string, managed?: string) {
    this.builtin = resolve(builtin);
    this.managed = managed === undefined ? undefined : resolve(managed);
  }

  /** The builtin root of a workspace (`<dir>/skills`), with no managed root. */
  static forWorkspace(dir: string): SkillRoots {
    return new SkillRoots(skillsDirOf(dir));
  }

  /** The same builtin root, with the managed root `<dataDir>/skills`. */
  withManaged(dataDir: string): SkillRoots {
    return new SkillRoots(this.builtin, skillsDirOf(dataDir));
  }
}

/** The `skills` folder of a workspace or a data directory: the one place this is written. */
const skillsDirOf = (dir: string): string => resolve(dir, "skills");

/** The directories (and the store) named on a command line, if any. */
export type RootOptions = {
  workspace?: string | undefined;
  data?: string | undefined;
  /** A PostgreSQL store's URL (`--store`), over $SKILLSHELF_STORE. */
  store?: string | undefined;
};

/** Roots as a command line decides them: directories, and the store's URL when one is named. */
export type DecidedRoots = SkillRoots & {
  managed: string;
  /** The managed store's URL (`--store`, else $SKILLSHELF_STORE); the directory when undefined. */
  store: string | undefined;
};

type Env = Record<string, string | undefined>;

/**
 * The data directory: `data`, else $SKILLSHELF_DATA, else
 * $XDG_DATA_HOME/skillshelf, else ~/.local/share/skillshelf. Relative
 * `data` and $SKILLSHELF_DATA resolve against `cwd`; a relative
 * $XDG_DATA_HOME is invalid under the XDG Base Directory spec and is ignored.
 */
export function resolveDataDir(options: RootOptions, env: Env, cwd: string): string {
  const { data } = options;
  if (data !== undefined && data !== "") return resolve(cwd, data);
  const own = env.SKILLSHELF_DATA;
  if (own !== undefined && own !== "") return resolve(cwd, own);
  const xdg = env.XDG_DATA_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "skillshelf");
  return join(env.HOME || homedir(), ".local", "share", "skillshelf");
}

/**
 * The roots for a command line: builtin `<workspace>/skills` (default cwd),
 * managed `<data>/skills`, unless a store URL is named (`store`, else
 * $SKILLSHELF_STORE), which the caller opens (@skillshelf/store-postgres)
 * in place of the managed directory.
 */
export function resolveSkillRoots(options: RootOptions, env: Env, cwd: string): DecidedRoots {
  const workspace = resolve(cwd, options.workspace ?? ".");
  const roots = SkillRoots.forWorkspace(workspace).withManaged(resolveDataDir(options, env, cwd));
  const named = options.store ?? env.SKILLSHELF_STORE;
  const store = named === undefined || named === "" ? undefined : named;
  return Object.assign(roots, { managed: roots.managed!, store });
}

/** The roots with the builtin root absolute and the managed store as a store (or none). */
export function resolveRoots(roots: RootsLike): {
  builtin: string;
  managed: ManagedStore | undefined;
} {
  return { builtin: resolve(roots.builtin), managed: storeOf(roots.managed) };
}

function storeOf(managed: RootsLike["managed"]): ManagedStore | undefined {
  if (managed === undefined) return undefined;
  return typeof managed === "string" ? new DirectoryStore(managed) : managed;
}
