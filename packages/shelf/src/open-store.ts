// The managed store a shelf works on: the directory `<data>/skills`, or the
// PostgreSQL store at the named URL. @skillshelf/store-postgres (and `pg`
// with it) is loaded only when a URL is named, so a command on the directory
// store never pays for it at start.

import type { Refusal } from "@skillshelf/contract";
import { DirectoryStore, type ManagedStore } from "@skillshelf/skill-catalog";
import type { Env, Locations } from "./locations.js";

export type OpenedStore = { ok: true; store: ManagedStore } | { ok: false; refusal: Refusal };

/** Opens the decided managed store: PostgreSQL at `storeUrl`, else the directory. */
export async function openManagedStore(locations: Locations, env: Env): Promise<OpenedStore> {
  if (locations.storeUrl === undefined) {
    return { ok: true, store: new DirectoryStore(locations.managedDir) };
  }
  const { openPostgresStore } = await import("@skillshelf/store-postgres");
  return openPostgresStore(locations.storeUrl, { env: env as NodeJS.ProcessEnv });
}
