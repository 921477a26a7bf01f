import { defineProject } from "vitest/config";

// Starts real clusters (initdb + pg_ctl) on a shared 2-core machine.
export default defineProject({
  test: {
    name: "test-postgres",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
