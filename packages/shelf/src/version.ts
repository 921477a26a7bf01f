// A binary's version, and its name and version as install records keep it
// (`skillshelf 0.1.0`), read one way by every surface: from the package.json
// beside the module that asks.
import { readFileSync } from "node:fs";

/** The version in the package.json at `packageJsonUrl` (relative to a module's URL). */
export function readPackageVersion(packageJsonUrl: URL): string {
  return (JSON.parse(readFileSync(packageJsonUrl, "utf8")) as { version: string }).version;
}

/** `name version` of the package whose package.json is at `packageJsonUrl`. */
export function toolName(name: string, packageJsonUrl: URL): string {
  return `${name} ${readPackageVersion(packageJsonUrl)}`;
}
