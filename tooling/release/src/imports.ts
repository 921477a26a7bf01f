// Lists the packages a built file imports. TypeScript's own pre-processor
// reads the specifiers (static imports, re-exports, dynamic `import()` with a
// literal, `require`, and `/// <reference types>` in .d.ts files), so string
// contents and comments never count as imports the way a regex would have it.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import ts from "typescript";

/** One bare import: the package it names and the file that imports it. */
export type BareImport = { packageName: string; specifier: string; file: string };

const builtins = new Set(builtinModules);

/** The package a bare specifier belongs to (`@a/b/c` -> `@a/b`, `x/y` -> `x`), or null. */
export function packageNameOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("#")) {
    return null;
  }
  if (specifier.startsWith("node:") || builtins.has(specifier.split("/")[0]!)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return null; // data:, file:, https: URLs
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Every specifier a JavaScript or declaration file's text names. */
export function listSpecifiers(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return [
    ...info.importedFiles.map((f) => f.fileName),
    ...info.typeReferenceDirectives.map((f) => f.fileName),
  ];
}

/** Walks `dir` for files whose names pass `accept`, sorted. */
export function listFiles(dir: string, accept: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && accept(entry.name)) found.push(join(entry.parentPath, entry.name));
  }
  return found.sort();
}

/** The bare imports of the given files. */
export function collectBareImports(files: readonly string[]): BareImport[] {
  const imports: BareImport[] = [];
  for (const file of files) {
    for (const specifier of listSpecifiers(readFileSync(file, "utf8"))) {
      const packageName = packageNameOf(specifier);
      if (packageName !== null) imports.push({ packageName, specifier, file });
    }
  }
  return imports;
}
