import { defineProject, mergeConfig } from "vitest/config";
import { base } from "../../tooling/vitest/base.ts";

// Tests that run `pnpm start` as a person does. Its turbo build finds the
// workspace's outputs cached, and turbo restores an output whose recorded
// size or modification time differs by deleting it and writing it again; a
// server started from dist/ by another test at that moment failed with
// ERR_MODULE_NOT_FOUND. So these run after every other project has finished
// (a later group order), one file at a time.
// The base's include is replaced, not merged: mergeConfig joins arrays.
export default mergeConfig(
  { ...base, test: { ...base.test, include: ["test/alone/**/*.test.ts"] } },
  defineProject({
    test: { name: "server-alone", sequence: { groupOrder: 1 }, fileParallelism: false },
  }),
);
