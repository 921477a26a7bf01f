// Finds the runnable examples of the installed packages' READMEs (the copies
// inside the tarballs, so a README that does not ship is noticed too) and
// turns a TypeScript example into the JavaScript Node runs, the way a user's
// build would: types are erased, nothing else changes.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { type Example, extractExamples } from "./examples.js";

/** One example of one package's README, with a label for test names and file names. */
export type PackageExample = Example & { packageName: string; label: string };

/** The marked examples of each installed package's README, in package order. */
export function collectReadmeExamples(
  nodeModules: string,
  packageNames: readonly string[],
): PackageExample[] {
  return packageNames.flatMap((packageName) => {
    const readme = join(nodeModules, ...packageName.split("/"), "README.md");
    if (!existsSync(readme)) return [];
    const slug = packageName.replace(/^@skillshelf\//, "");
    return extractExamples(readFileSync(readme, "utf8")).map((example) => ({
      ...example,
      packageName,
      label: `${slug}-line-${example.line}`,
    }));
  });
}

/** A TypeScript example as ES module JavaScript. */
export function transpileExample(code: string): string {
  return ts.transpileModule(code, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
  }).outputText;
}
