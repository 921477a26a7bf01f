import { defineProject } from "vitest/config";

// The tests spawn the built binary; on two busy cores a spawn can take a while.
export default defineProject({
  test: { name: "cli", include: ["test/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 300_000 },
});
