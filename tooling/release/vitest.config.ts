import { defineProject } from "vitest/config";

// The release checks pack and install real tarballs, so they get a longer
// budget than unit tests and run their files one after another.
export default defineProject({
  test: {
    name: "release",
    include: ["test/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    globalSetup: ["test/global-setup.ts"],
  },
});
