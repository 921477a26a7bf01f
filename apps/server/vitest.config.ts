import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

// test/alone/ runs as a project of its own, after every other one: see vitest.alone.config.ts.
// The global setup shares one Chromium among the browser files: see test/support/chromium-broker.ts.
export default mergeConfig(
  base,
  defineProject({
    test: {
      name: "server",
      exclude: ["test/alone/**", "**/node_modules/**"],
      globalSetup: ["test/support/chromium-broker.ts"],
    },
  }),
);
