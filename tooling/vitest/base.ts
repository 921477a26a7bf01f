// The settings every vitest project starts from, merged by each project's
// config (`mergeConfig(base, defineProject({ test: { name } }))`), so the
// shared timeouts and the test layout are written once. Tests resolve sibling
// workspace packages through the `@skillshelf/source` export condition to their
// `src/index.ts`, so a test runs against the code beside it, with no build of
// the siblings first. The `heavy` tag marks the suites CI runs once, on the
// oldest supported Node, rather than on every version (see CONTRIBUTING.md).
import { defaultServerConditions } from "vite";
import type { ViteUserConfig } from "vitest/config";

/** The export condition that maps a workspace package to its TypeScript sources. */
export const sourceCondition = "@skillshelf/source";

/** Vitest's own server conditions without `module`, as vitest sets them, after ours. */
const conditions = [
  sourceCondition,
  ...defaultServerConditions.filter((condition) => condition !== "module"),
];

export const base: ViteUserConfig = {
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["test/**/*.test.ts"],
    // Real directories, archives, child processes and servers on a shared
    // 2-core machine: a minute per test and per hook.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    tags: [
      {
        name: "heavy",
        description:
          "A slow suite (browser, fuzzing, crash, release, PostgreSQL, per-case surface conformance) that CI runs once, on Node 20.",
      },
    ],
  },
};
