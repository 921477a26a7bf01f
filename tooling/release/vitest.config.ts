import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

// The release checks pack and install real tarballs, so they get a longer
// budget than unit tests and run their files one after another.
export default mergeConfig(
  base,
  defineProject({
    test: {
      name: "release",
      testTimeout: 180_000,
      hookTimeout: 300_000,
      fileParallelism: false,
      globalSetup: ["test/global-setup.ts"],
    },
  }),
);
