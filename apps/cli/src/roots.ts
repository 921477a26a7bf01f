// Where the two skill roots live: decided by skill-catalog's one rule
// (resolveSkillRoots), which the server calls too, so both surfaces find the
// same store under the same flags, environment and working directory.
import { type RootOptions, resolveSkillRoots } from "@skillshelf/skill-catalog";

/** The two roots a command works on, both absolute. */
export type CliRoots = { builtin: string; managed: string };

export type { RootOptions };

/** The builtin and managed roots for the given options. */
export function resolveRoots(
  options: RootOptions,
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): CliRoots {
  const { builtin, managed } = resolveSkillRoots(options, env, cwd);
  return { builtin, managed };
}
