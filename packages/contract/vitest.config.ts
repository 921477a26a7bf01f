import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

export default mergeConfig(base, defineProject({ test: { name: "contract" } }));
