import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../vitest/base.ts";

// Starts real clusters (initdb + pg_ctl) on a shared 2-core machine.
export default mergeConfig(base, defineProject({ test: { name: "test-postgres" } }));
