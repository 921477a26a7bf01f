import { defineProject } from "vitest/config";

// Real directories and child processes on a shared 2-core machine: allow the
// same minute per test as the root configuration does.
export default defineProject({
  test: {
    name: "skill-catalog",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
