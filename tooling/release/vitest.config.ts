import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

// The release checks pack and install real tarballs, so they get a longer
// budget than unit tests. Their files run beside the other projects' files:
// each test works in a fresh directory of its own (installed.ts), and a
// project run one file at a time is left by vitest to the end of the run,
// where it kept one of the two cores idle for a minute.
export default mergeConfig(
  base,
  defineProject({
    test: {
      name: "release",
      testTimeout: 180_000,
      hookTimeout: 300_000,
      globalSetup: ["test/global-setup.ts"],
    },
  }),
);
