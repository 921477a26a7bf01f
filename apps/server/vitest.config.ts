import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

// test/alone/ runs as a project of its own, after every other one: see vitest.alone.config.ts.
export default mergeConfig(
  base,
  defineProject({ test: { name: "server", exclude: ["test/alone/**", "**/node_modules/**"] } }),
);
