// The one step the CLI and the server take between deciding the roots
// (skill-catalog's resolveSkillRoots: flags, then the environment, then the
// defaults) and using them: when a store URL was decided, open it, else keep
// the managed directory. Both surfaces stop with the same one sentence when
// the database cannot be reached at start, and both close what they opened.

import type { Refusal } from "@skillshelf/contract";
import type { ManagedStore } from "./catalog-types.js";
import { type OpenOptions, openPostgresStore } from "./open.js";

/** The roots as decided: a builtin directory, a managed directory, and a store URL when one was given. */
export type DecidedRoots = { builtin: string; managed: string; store?: string | undefined };

export type OpenedRoots =
  | {
      ok: true;
      roots: { builtin: string; managed: string | ManagedStore };
      /** Releases the store's connections (nothing to do for a directory). */
      close(): Promise<void>;
    }
  | { ok: false; refusal: Refusal };

/** Opens the decided managed store: the PostgreSQL store at `store`, or the directory. */
export async function openRoots(
  decided: DecidedRoots,
  options: OpenOptions = {},
): Promise<OpenedRoots> {
  const { builtin, managed, store } = decided;
  if (store === undefined || store === "") {
    return { ok: true, roots: { builtin, managed }, close: async () => {} };
  }
  const opened = await openPostgresStore(store, options);
  if (!opened.ok) return opened;
  return {
    ok: true,
    roots: { builtin, managed: opened.store },
    close: () => opened.store.close(),
  };
}
