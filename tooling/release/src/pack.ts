// Packs workspace packages exactly as `pnpm publish` would (workspace:
// ranges rewritten to versions, `files` applied) and lists what a tarball
// holds, so the checks look at the artifact users get rather than the tree.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { PublishedPackage } from "./workspace.js";

/** A packed package: where its tarball is and the paths inside it (without `package/`). */
export type PackedPackage = { name: string; dir: string; tarball: string; files: string[] };

/** Runs `pnpm pack` for one package into `destination` and returns the tarball's path. */
export function packPackage(dir: string, destination: string): string {
  mkdirSync(destination, { recursive: true });
  const before = new Set(readdirSync(destination));
  execFileSync("pnpm", ["pack", "--pack-destination", destination], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const created = readdirSync(destination).filter((f) => f.endsWith(".tgz") && !before.has(f));
  if (created.length !== 1) {
    throw new Error(`pnpm pack in ${dir} produced ${created.length} tarballs`);
  }
  return join(destination, created[0]!);
}

/** The file paths a tarball holds, relative to its `package/` folder, sorted. */
export function listTarball(tarball: string): string[] {
  const out = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line !== "" && !line.endsWith("/"))
    .map((line) => line.replace(/^package\//, ""))
    .sort();
}

/** Packs every package into `destination`. */
export function packAll(packages: PublishedPackage[], destination: string): PackedPackage[] {
  return packages.map((pkg) => {
    const tarball = packPackage(pkg.dir, destination);
    return { name: pkg.name, dir: pkg.dir, tarball, files: listTarball(tarball) };
  });
}
