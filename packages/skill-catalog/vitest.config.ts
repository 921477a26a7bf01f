import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "skill-catalog", include: ["test/**/*.test.ts"] },
});
