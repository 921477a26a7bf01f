// A scratch directory per test. It is created synchronously, so a test can
// use it before its first await, and removed by `onTestFinished`, so a failing
// test leaves nothing behind in the system temp directory either.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/** A fresh temporary directory, removed when the current test finishes. */
export function makeTempDir(prefix = "skillshelf-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
