import { defineConfig } from "vitest/config";

// One run over every workspace project, so CI reads a single JSON report.
// Each project sets its own timeouts: a project's config does not inherit
// test options from this file.
export default defineConfig({
  test: {
    projects: [
      "packages/*",
      "apps/*",
      "tooling/conformance",
      "tooling/release",
      "tooling/test-postgres",
    ],
  },
});
