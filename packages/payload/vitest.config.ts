import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "payload", include: ["test/**/*.test.ts"] },
});
