import { defineProject } from "vitest/config";

// Every test file starts its own throwaway PostgreSQL cluster
// (@skillshelf/test-postgres) on a shared 2-core machine.
export default defineProject({
  test: {
    name: "store-postgres",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
