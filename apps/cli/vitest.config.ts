import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

// The tests spawn the built binary; on two busy cores a spawn can take a while.
export default mergeConfig(base, defineProject({ test: { name: "cli", hookTimeout: 300_000 } }));
