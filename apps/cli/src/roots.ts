// Where the two skill roots live. The builtin root belongs to the workspace
// (its `skills` folder, the current directory by default); the managed root is
// the data directory's `skills` folder, found the way other XDG tools find
// theirs, so that every command agrees on one store without being told.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/** The two roots a command works on, both absolute. */
export type CliRoots = { builtin: string; managed: string };

/** The directories named on the command line, if any. */
export type RootOptions = { workspace?: string | undefined; data?: string | undefined };

type Env = Record<string, string | undefined>;

/** The data directory: --data, else $SKILLSHELF_DATA, else $XDG_DATA_HOME/skillshelf, else ~/.local/share/skillshelf. */
export function resolveDataDir(
  data: string | undefined,
  env: Env = process.env,
  cwd: string = process.cwd(),
): string {
  if (data !== undefined && data !== "") return resolve(cwd, data);
  const own = env.SKILLSHELF_DATA;
  if (own !== undefined && own !== "") return resolve(cwd, own);
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "skillshelf");
  return join(env.HOME || homedir(), ".local", "share", "skillshelf");
}

/** The builtin and managed roots for the given options. */
export function resolveRoots(
  options: RootOptions,
  env: Env = process.env,
  cwd: string = process.cwd(),
): CliRoots {
  const workspace = resolve(cwd, options.workspace ?? ".");
  return {
    builtin: join(workspace, "skills"),
    managed: join(resolveDataDir(options.data, env, cwd), "skills"),
  };
}
