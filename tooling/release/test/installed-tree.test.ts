// @module-tag heavy
// The consumer's node_modules holds real copies of the packages, resolved
// from the tarballs alone: no symlink back into the workspace, no workspace:
// range left in a published manifest, no development dependency installed,
// and nothing npm would warn about on a supported Node (EBADENGINE).
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findEngineConflicts } from "../src/engine-conflicts.js";
import { installedConsumer } from "./installed.js";

const consumer = installedConsumer();

describe.each(consumer.packages)("installed $name", (packed) => {
  const dir = join(consumer.dir, "node_modules", ...packed.name.split("/"));

  it("is a plain directory, not a link into the workspace", () => {
    expect(lstatSync(dir).isSymbolicLink()).toBe(false);
  });

  it("declares its dependencies with registry ranges only", () => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const ranges = Object.values({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(ranges.filter((r) => String(r).startsWith("workspace:"))).toEqual([]);
  });

  it("brings none of its development dependencies", () => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
    // A sibling the consumer installs on its own (the server's tests run the
    // CLI) is the consumer's dependency, not one this package brought.
    const ownDependencies = new Set(consumer.packages.map((p) => p.name));
    // So is a package another installed package needs at run time (the MCP
    // SDK, which @skillshelf/mcp brings, is only a test tool of the CLI).
    const neededElsewhere = runtimeDependenciesIn(join(consumer.dir, "node_modules"));
    const devOnly = Object.keys(manifest.devDependencies ?? {}).filter(
      (d) => !runtime.has(d) && !ownDependencies.has(d) && !neededElsewhere.has(d),
    );
    const present = devOnly.filter((d) => {
      try {
        lstatSync(join(consumer.dir, "node_modules", ...d.split("/")));
        return !["@types/node"].includes(d);
      } catch {
        return false;
      }
    });
    expect(present).toEqual([]);
  });
});

describe("the consumer's whole tree", () => {
  it("holds no package whose engines.node leaves out a supported Node", () => {
    const conflicts = findEngineConflicts(join(consumer.dir, "node_modules"));
    expect(conflicts.map((c) => `${c.name}@${c.version} wants ${c.range}`)).toEqual([]);
  });
});

/** Every name some installed package (top level or scoped) lists in its dependencies. */
function runtimeDependenciesIn(modules: string): Set<string> {
  const needed = new Set<string>();
  const dirs = readdirSync(modules).flatMap((name) =>
    name.startsWith("@")
      ? readdirSync(join(modules, name)).map((inner) => join(modules, name, inner))
      : name.startsWith(".")
        ? []
        : [join(modules, name)],
  );
  for (const dir of dirs) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      for (const name of Object.keys(manifest.dependencies ?? {})) needed.add(name);
    } catch {
      // Not a package (a stray file or an empty scope): it needs nothing.
    }
  }
  return needed;
}
