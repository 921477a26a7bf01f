// The dependency drift check, on made-up packages (one finding of each kind)
// and on every published package of the workspace, which must come out clean.
import { join } from "node:path";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { checkDependencies, describeDrift } from "../src/deps.js";
import { listSpecifiers, packageNameOf } from "../src/imports.js";
import { listPublishedPackages, type Manifest } from "../src/workspace.js";

function writePackage(manifest: Manifest, files: Record<string, string>) {
  const dir = writeTree(makeTempDir("skillshelf-deps-"), {
    ...files,
    "package.json": JSON.stringify(manifest),
  });
  return { name: manifest.name, dir, manifest };
}

describe("packageNameOf", () => {
  it.each([
    ["zod", "zod"],
    ["zod/mini", "zod"],
    ["@fastify/busboy", "@fastify/busboy"],
    ["@skillshelf/bundle-reader/package.json", "@skillshelf/bundle-reader"],
    ["node:fs", null],
    ["fs/promises", null],
    ["./read.js", null],
    ["#internal", null],
    ["data:text/javascript,1", null],
  ])("%s -> %s", (specifier, name) => {
    expect(packageNameOf(specifier)).toBe(name);
  });
});

describe("listSpecifiers", () => {
  it("reads imports, re-exports and dynamic imports, not strings or comments", () => {
    const text = [
      'import { a } from "alpha";',
      'export * from "./local.js";',
      'const b = await import("beta");',
      '// import "gamma";',
      "const s = \"import delta from 'delta'\";",
    ].join("\n");
    expect(listSpecifiers(text).sort()).toEqual(["./local.js", "alpha", "beta"]);
  });
});

describe("checkDependencies", () => {
  it("reports an import that is not declared, naming the file", () => {
    const pkg = writePackage(
      { name: "p", version: "1.0.0", dependencies: { yaml: "^2" } },
      { "dist/index.js": 'import "yaml";\nimport { z } from "zod";\n' },
    );
    const drift = checkDependencies(pkg);
    expect(drift.missing).toEqual([{ packageName: "zod", file: join("dist", "index.js") }]);
    expect(drift.unused).toEqual([]);
    expect(describeDrift(drift)).toEqual([
      "p: imports 'zod' (in dist/index.js) but does not list it in dependencies",
    ]);
  });

  it("reports a declared dependency that nothing shipped imports", () => {
    const pkg = writePackage(
      { name: "p", version: "1.0.0", dependencies: { yaml: "^2", zod: "^4" } },
      { "dist/index.js": 'export { parse } from "yaml";\n' },
    );
    expect(checkDependencies(pkg).unused).toEqual(["zod"]);
  });

  it("counts a dependency that another declared dependency depends on as a pin, not unused", () => {
    const pkg = writePackage(
      { name: "p", version: "1.0.0", dependencies: { fastify: "^5", "light-my-request": "6.6.0" } },
      {
        "dist/index.js": 'import Fastify from "fastify";\n',
        "node_modules/fastify/package.json": JSON.stringify({
          name: "fastify",
          dependencies: { "light-my-request": "^6.0.0" },
        }),
      },
    );
    expect(describeDrift(checkDependencies(pkg))).toEqual([]);
  });

  it("counts the @types package of what the shipped declarations import as used", () => {
    const pkg = writePackage(
      { name: "p", version: "1.0.0", dependencies: { pg: "^8", "@types/pg": "^8" } },
      {
        "dist/index.js": 'import pg from "pg";\n',
        "dist/index.d.ts": 'import type { Pool } from "pg";\nexport declare const pool: Pool;\n',
      },
    );
    expect(describeDrift(checkDependencies(pkg))).toEqual([]);
  });

  it("counts imports of the shipped declarations as needed, and ignores node types", () => {
    const pkg = writePackage(
      { name: "p", version: "1.0.0", dependencies: { "@skillshelf/bundle-reader": "^0.1.0" } },
      {
        "dist/index.js": "export const x = 1;\n",
        "dist/index.d.ts":
          '/// <reference types="node" />\nimport type { Skill } from "@skillshelf/bundle-reader";\nexport declare const x: Skill;\n',
      },
    );
    expect(describeDrift(checkDependencies(pkg))).toEqual([]);
  });

  it("does not count a dev dependency as declared", () => {
    const pkg = writePackage(
      { name: "p", version: "1.0.0", devDependencies: { "fast-check": "^4" } },
      { "dist/index.js": 'import fc from "fast-check";\n' },
    );
    expect(checkDependencies(pkg).missing.map((m) => m.packageName)).toEqual(["fast-check"]);
  });
});

describe.each(listPublishedPackages())("$name", (pkg) => {
  it("declares exactly what its build imports", () => {
    expect(describeDrift(checkDependencies(pkg))).toEqual([]);
  });
});
