// A binary's name and version as install records keep it (`skillshelf
// 0.1.0`), read one way by every surface: from the package.json beside the
// module that asks.
import { readFileSync } from "node:fs";

/** `name version` of the package whose package.json is at `url` (relative to a module's URL). */
export function toolName(name: string, packageJsonUrl: URL): string {
  const { version } = JSON.parse(readFileSync(packageJsonUrl, "utf8")) as { version: string };
  return `${name} ${version}`;
}
