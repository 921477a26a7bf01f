// Where a shelf's roots are, decided once from a command line's or a
// config's options, the environment and the working directory: builtin is
// `<workspace>/skills` (default: the working directory), managed is
// `<data>/skills`, unless a PostgreSQL store's URL is named (`store`, else
// $SKILLSHELF_STORE). The CLI, the server and every later surface reach
// their roots through `openShelf`, which calls this and nothing else does.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/** What a surface may name: the workspace, the data directory, and a store URL. */
export type ShelfOptions = {
  /** The workspace whose `skills/` is the builtin root (default: cwd). */
  workspace?: string | undefined;
  /** The data directory whose `skills/` is the managed root. */
  data?: string | undefined;
  /** A PostgreSQL store's URL, over $SKILLSHELF_STORE; the directory when absent. */
  store?: string | undefined;
};

export type Env = Readonly<Record<string, string | undefined>>;

/** The decided places: directories, and the store's URL when one is named. */
export type Locations = {
  builtin: string;
  /** `<data>/skills`: the managed store when no URL is named. */
  managedDir: string;
  storeUrl: string | undefined;
};

/** `<dir>/skills`, for a workspace and a data directory alike: the one place this is written. */
export const skillsDirOf = (dir: string): string => resolve(dir, "skills");

/**
 * The data directory: `data`, else $SKILLSHELF_DATA, else
 * $XDG_DATA_HOME/skillshelf, else ~/.local/share/skillshelf. Relative
 * `data` and $SKILLSHELF_DATA resolve against `cwd`; a relative
 * $XDG_DATA_HOME is invalid under the XDG Base Directory spec and is ignored.
 */
export function resolveDataDir(options: ShelfOptions, env: Env, cwd: string): string {
  const { data } = options;
  if (data !== undefined && data !== "") return resolve(cwd, data);
  const own = env.SKILLSHELF_DATA;
  if (own !== undefined && own !== "") return resolve(cwd, own);
  const xdg = env.XDG_DATA_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "skillshelf");
  return join(env.HOME || homedir(), ".local", "share", "skillshelf");
}

/** The roots' places for `options`, the environment and the working directory. */
export function decideLocations(options: ShelfOptions, env: Env, cwd: string): Locations {
  const named = options.store ?? env.SKILLSHELF_STORE;
  return {
    builtin: skillsDirOf(resolve(cwd, options.workspace ?? ".")),
    managedDir: skillsDirOf(resolveDataDir(options, env, cwd)),
    storeUrl: named === undefined || named === "" ? undefined : named,
  };
}
