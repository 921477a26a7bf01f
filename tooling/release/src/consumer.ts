// A fresh project outside the workspace that installs packed tarballs with
// plain npm, the way a team depending on skillshelf would. The overrides pin
// every @skillshelf package to its tarball, so nothing is fetched from the
// registry under our names and no workspace link can leak in; third-party
// dependencies come from the registry (or npm's cache) as they would for a user.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { cleanEnv } from "./env.js";
import type { PackedPackage } from "./pack.js";

const run = promisify(execFile);

/** Where the consumer lives and what it installed. */
export type Consumer = { dir: string; binDir: string; packages: PackedPackage[] };

export type ConsumerOptions = {
  /** Extra registry dependencies a consumer would have, such as `@types/node`. */
  extraDependencies?: Record<string, string>;
};

/** Writes the consumer's package.json and runs `npm install` there. */
export async function installConsumer(
  dir: string,
  packages: PackedPackage[],
  options: ConsumerOptions = {},
): Promise<Consumer> {
  mkdirSync(dir, { recursive: true });
  const tarballs = Object.fromEntries(packages.map((p) => [p.name, `file:${p.tarball}`]));
  const manifest = {
    name: "skillshelf-consumer",
    version: "1.0.0",
    private: true,
    type: "module",
    dependencies: { ...tarballs, ...options.extraDependencies },
    overrides: tarballs,
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const npmArgs = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--omit=dev"];
  const install = () =>
    run("npm", [...npmArgs, "--loglevel=error"], {
      cwd: dir,
      env: cleanEnv(),
      maxBuffer: 16 << 20,
    });
  // One retry: the registry is the only network the install needs, and a
  // dropped connection should not fail a release check.
  await install().catch(() => install());
  return { dir, binDir: join(dir, "node_modules", ".bin"), packages };
}
