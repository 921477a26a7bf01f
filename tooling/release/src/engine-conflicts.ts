// Every package an install placed in a node_modules tree whose engines.node
// leaves out a supported Node: what npm warns about (EBADENGINE) when a user
// installs our tarballs on that version. The release test walks the
// consumer's tree, so a dependency that asks for more than we support is
// caught where users would meet it, not in the workspace, whose pnpm
// overrides users do not get.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { excludedNodes } from "./engines.js";

/** An installed package whose engines.node excludes supported versions. */
export type EngineConflict = { name: string; version: string; range: string; excludes: string[] };

function packageDirs(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  return readdirSync(nodeModules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .flatMap((entry) => {
      const dir = join(nodeModules, entry.name);
      if (!entry.name.startsWith("@")) return [dir];
      return readdirSync(dir, { withFileTypes: true })
        .filter((scoped) => scoped.isDirectory())
        .map((scoped) => join(dir, scoped.name));
    });
}

/** The conflicts among every package below `nodeModules`, nested trees included, sorted by name. */
export function findEngineConflicts(nodeModules: string): EngineConflict[] {
  const conflicts: EngineConflict[] = [];
  const pending = [nodeModules];
  while (pending.length > 0) {
    for (const dir of packageDirs(pending.pop()!)) {
      pending.push(join(dir, "node_modules"));
      const manifestPath = join(dir, "package.json");
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
        name?: string;
        version?: string;
        engines?: { node?: unknown };
      };
      const range = manifest.engines?.node;
      if (typeof range !== "string") continue;
      const excludes = excludedNodes(range);
      if (excludes.length === 0) continue;
      conflicts.push({
        name: manifest.name ?? dir,
        version: manifest.version ?? "?",
        range,
        excludes,
      });
    }
  }
  return conflicts.sort((a, b) => a.name.localeCompare(b.name));
}
