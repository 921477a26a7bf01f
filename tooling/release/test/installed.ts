// The shape global-setup.ts hands to the test files, and the helpers they
// share to use the installed consumer: fresh directories per test (removed
// when the test finishes) and the paths of its bins.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { inject, onTestFinished } from "vitest";
import type { Consumer } from "../src/consumer.js";

export type InstalledConsumer = Consumer & {
  /** The workspace the tarballs came from. */
  root: string;
  /** The temp directory holding tarballs, consumer and bundle. */
  work: string;
  /** A copy of examples/sample-bundle: skills pdf-tools and release-notes. */
  bundle: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    consumer: InstalledConsumer;
  }
}

export function installedConsumer(): InstalledConsumer {
  return inject("consumer");
}

/** A new directory inside the consumer (so its imports resolve), removed after the test. */
export function makeRunDir(consumer: InstalledConsumer, label: string, withBundle = true): string {
  const dir = mkdtempSync(join(consumer.dir, `${label}-`));
  if (withBundle) cpSync(consumer.bundle, join(dir, "bundle"), { recursive: true });
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function binPath(consumer: InstalledConsumer, name: string): string {
  return join(consumer.binDir, name);
}
