// The dependency drift check: a published package must declare exactly what
// its built code imports. A runtime import that is not in `dependencies` (or
// peer/optional ones) works in the workspace, where pnpm links the root's
// packages, and breaks for the first user who installs the tarball; a
// declared dependency nothing imports costs every user an install. Both fail.
// Imports that only the shipped .d.ts files make count as used and as needed,
// since a consumer's compiler resolves them too. A declared dependency that
// nothing imports but that another declared dependency depends on is a pin:
// it narrows which version of that transitive package npm installs (see
// docs/decisions.md, "Node versions"), so it is used; so is the @types
// package of a dependency the shipped declarations import.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { collectBareImports, listFiles } from "./imports.js";
import type { PublishedPackage } from "./workspace.js";

/** What drifted in one package: undeclared imports (with a file) and unused declarations. */
export type DependencyDrift = {
  name: string;
  missing: { packageName: string; file: string }[];
  unused: string[];
};

const isCode = (name: string): boolean => /\.(m|c)?js$/.test(name);
const isTypes = (name: string): boolean => /\.d\.(m|c)?ts$/.test(name);

/** Compares a built package's imports with its manifest. Needs `dist/` to exist. */
export function checkDependencies(pkg: PublishedPackage): DependencyDrift {
  const dist = join(pkg.dir, "dist");
  if (!existsSync(dist)) throw new Error(`${pkg.name} has no dist/; build it first`);
  const m = pkg.manifest;
  const declared = new Set(
    Object.keys({ ...m.dependencies, ...m.peerDependencies, ...m.optionalDependencies }),
  );
  const imports = collectBareImports(listFiles(dist, (n) => isCode(n) || isTypes(n))).filter(
    // `/// <reference types="node" />` names the consumer's @types/node, not a dependency.
    (i) => i.packageName !== pkg.name && i.specifier !== "node",
  );
  const missing = new Map<string, string>();
  for (const i of imports) {
    if (!declared.has(i.packageName) && !missing.has(i.packageName)) {
      missing.set(i.packageName, relative(pkg.dir, i.file));
    }
  }
  const used = new Set([
    ...imports.map((i) => i.packageName),
    ...imports.filter((i) => isTypes(i.file)).map((i) => typesPackageOf(i.packageName)),
    ...pinnedBy(pkg, declared),
  ]);
  return {
    name: pkg.name,
    missing: [...missing].map(([packageName, file]) => ({ packageName, file })),
    unused: [...declared].filter((d) => !used.has(d)).sort(),
  };
}

/**
 * The DefinitelyTyped package for `name` (`pg` -> `@types/pg`, `@a/b` ->
 * `@types/a__b`): a shipped .d.ts that imports `name` needs it when `name`
 * carries no types of its own, so declaring it is a use.
 */
function typesPackageOf(name: string): string {
  return `@types/${name.startsWith("@") ? name.slice(1).replace("/", "__") : name}`;
}

/** The declared dependencies that another declared dependency depends on (pins). */
function pinnedBy(pkg: PublishedPackage, declared: Set<string>): string[] {
  const pinned = new Set<string>();
  for (const name of declared) {
    const manifestPath = join(pkg.dir, "node_modules", ...name.split("/"), "package.json");
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      if (declared.has(dep) && dep !== name) pinned.add(dep);
    }
  }
  return [...pinned];
}

/** True when nothing drifted. */
export function isClean(drift: DependencyDrift): boolean {
  return drift.missing.length === 0 && drift.unused.length === 0;
}

/** One line per finding, for a CI log. */
export function describeDrift(drift: DependencyDrift): string[] {
  return [
    ...drift.missing.map(
      (m) =>
        `${drift.name}: imports '${m.packageName}' (in ${m.file}) but does not list it in dependencies`,
    ),
    ...drift.unused.map(
      (u) => `${drift.name}: lists '${u}' in dependencies but nothing it ships imports it`,
    ),
  ];
}
