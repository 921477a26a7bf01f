// Finds the workspace root and the packages it publishes. Every release check
// loops over the same list, taken from the manifests themselves (a package is
// published unless it says `"private": true`), so a new package is checked the
// day it appears, without anyone remembering to add it here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The fields of a package.json the release checks read. */
export type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  files?: string[];
  bin?: string | Record<string, string>;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** A workspace package that is published to the registry. */
export type PublishedPackage = { name: string; dir: string; manifest: Manifest };

const packageGlobs = ["packages", "apps", "tooling"];

/** The directory holding pnpm-workspace.yaml, searched upward from `from`. */
export function findWorkspaceRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
  return dir;
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
}

/** Every non-private package of the workspace, sorted by directory. */
export function listPublishedPackages(root: string = findWorkspaceRoot()): PublishedPackage[] {
  const found: PublishedPackage[] = [];
  for (const group of packageGlobs) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const entry of readdirSync(groupDir, { withFileTypes: true })) {
      const dir = join(groupDir, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, "package.json"))) continue;
      const manifest = readManifest(dir);
      if (manifest.private === true) continue;
      found.push({ name: manifest.name, dir, manifest });
    }
  }
  return found.sort((a, b) => a.dir.localeCompare(b.dir));
}
