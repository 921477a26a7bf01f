import { defineConfig } from "vitest/config";

// One run over every workspace project, so CI reads a single JSON report.
// A project's config does not inherit test options from this file: each one
// merges tooling/vitest/base.ts, where the shared timeouts live.
export default defineConfig({
  test: {
    projects: [
      "packages/*",
      "apps/*",
      // The server's tests that rebuild the workspace, run after all the others.
      "apps/server/vitest.alone.config.ts",
      "tooling/conformance",
      "tooling/release",
      "tooling/test-postgres",
      "tooling/test-utils",
      "tooling/store-suite",
    ],
  },
});
