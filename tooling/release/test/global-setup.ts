// Once per run of the release project: pack every published package and
// install the tarballs with plain npm into a fresh project under the system's
// temp directory, far from the workspace, with a copy of the repository's
// sample bundle beside it. The test files share that one install through
// vitest's provide/inject; the whole tree is removed at the end.
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { installConsumer } from "../src/consumer.js";
import { packAll } from "../src/pack.js";
import { findWorkspaceRoot, listPublishedPackages } from "../src/workspace.js";
import type { InstalledConsumer } from "./installed.js";

export default async function setup(project: TestProject): Promise<() => void> {
  const root = findWorkspaceRoot();
  const work = mkdtempSync(join(tmpdir(), "skillshelf-release-"));
  const packed = packAll(listPublishedPackages(root), join(work, "tarballs"));
  const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const consumer = await installConsumer(join(work, "consumer"), packed, {
    // What a TypeScript consumer of these packages has anyway.
    extraDependencies: { "@types/node": rootManifest.devDependencies["@types/node"] },
  });
  const bundle = join(work, "bundle");
  cpSync(join(root, "examples", "sample-bundle"), bundle, { recursive: true });
  const installed: InstalledConsumer = { root, work, bundle, ...consumer };
  project.provide("consumer", installed);
  return () => rmSync(work, { recursive: true, force: true });
}
