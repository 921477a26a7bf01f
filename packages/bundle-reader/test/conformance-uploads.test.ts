// Every conformance case an upload list can express, as a browser sends it.
import { runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";

runConformance({
  name: "library: uploads",
  forms: ["uploads"],
  verdict: async ({ uploads, case: c }) =>
    verdictOf(await readBundle({ kind: "uploads", files: uploads! }, c.options)),
});
