import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

// Every test file starts its own throwaway PostgreSQL cluster (@skillshelf/test-postgres).
export default mergeConfig(base, defineProject({ test: { name: "store-postgres" } }));
