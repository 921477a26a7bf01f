// Loads the packages under test from their built dist, by path, so the bench
// needs no dependency entries of its own. A package that is not built yet
// (or lacks an export a benchmark needs) is reported as not measured rather
// than failing the whole run.

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

const LOCATIONS = {
  "bundle-reader": "packages/bundle-reader",
  "skill-catalog": "packages/skill-catalog",
  payload: "packages/payload",
  "store-postgres": "packages/store-postgres",
  mcp: "packages/mcp",
  shelf: "packages/shelf",
  "test-postgres": "tooling/test-postgres",
  server: "apps/server",
  cli: "apps/cli",
};

/** Returns the absolute directory of a workspace package. */
export function locatePackage(name) {
  return join(REPO_DIR, LOCATIONS[name]);
}

/**
 * Imports a package's dist entry and checks that it has `exports`.
 * Returns { ok: true, module } or { ok: false, reason }.
 */
export async function loadPackage(name, exports) {
  const entry = join(locatePackage(name), "dist", "index.js");
  if (!existsSync(entry)) return { ok: false, reason: `${name} is not built (no dist/index.js)` };
  let module;
  try {
    module = await import(pathToFileURL(entry).href);
  } catch (error) {
    return { ok: false, reason: `${name} failed to load: ${error.message.split("\n")[0]}` };
  }
  const missing = exports.filter((key) => typeof module[key] === "undefined");
  if (missing.length > 0) return { ok: false, reason: `${name} lacks ${missing.join(", ")}` };
  return { ok: true, module };
}
