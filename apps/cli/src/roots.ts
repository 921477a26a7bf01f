// Where the two skill roots live: decided by skill-catalog's one rule
// (resolveSkillRoots), which the server calls too, so both surfaces find the
// same store under the same flags, environment and working directory. A
// store URL (--store, $SKILLSHELF_STORE) is opened by store-postgres's
// openRoots, the server's step too, loaded only when one is named.
import {
  type DecidedRoots,
  type ManagedStore,
  type RootOptions,
  resolveSkillRoots,
} from "@skillshelf/skill-catalog";

/** The two roots a command works on: the builtin directory and the managed store. */
export type CliRoots = { builtin: string; managed: string | ManagedStore };

export type { RootOptions };

/** The builtin and managed roots for the given options, before any store is opened. */
export function resolveRoots(
  options: RootOptions,
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): DecidedRoots {
  return resolveSkillRoots(options, env, cwd);
}

/** Where the managed skills are, for a sentence: a directory, or the store's URL without its password. */
export function managedLocation(roots: CliRoots): string {
  return typeof roots.managed === "string" ? roots.managed : roots.managed.location;
}
