import { defineConfig } from "vitest/config";

// One run over every workspace project, so CI reads a single JSON report.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "tooling/conformance", "tooling/release"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
