// `openShelf(options, env, cwd)`: the one place a surface turns what it was
// told (flags, a config, the environment, the working directory) into roots
// and opens the managed store. Everything after that is the shelf's
// operations (shelf.ts).

import type { Refusal } from "@skillshelf/contract";
import type { Env, ShelfOptions } from "./locations.js";
import { decideLocations } from "./locations.js";
import { openManagedStore } from "./open-store.js";
import { type Shelf, shelfOver } from "./shelf.js";
import { decideTrust, type TrustOptions } from "./trust.js";

export type OpenShelfOptions = ShelfOptions &
  TrustOptions & {
    /** This tool as `name version`, kept in every install record. */
    tool: string;
  };

export type OpenShelfResult = { ok: true; shelf: Shelf } | { ok: false; refusal: Refusal };

/** Decides the roots and the trust and opens the managed store; the shelf, or why not. */
export async function openShelf(
  options: OpenShelfOptions,
  env: Env = process.env,
  cwd: string = process.cwd(),
): Promise<OpenShelfResult> {
  const decided = await decideTrust(options, env, cwd);
  if (!decided.ok) return decided;
  const locations = decideLocations(options, env, cwd);
  const opened = await openManagedStore(locations, env);
  if (!opened.ok) return opened;
  return {
    ok: true,
    shelf: shelfOver(
      { builtin: locations.builtin, managed: opened.store },
      options.tool,
      decided.trust,
    ),
  };
}
