// Every conformance case through a path source: a folder, or a .tar/.tgz/.zip file
// on disk, named by its file name.
import { runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";

runConformance({
  name: "library: path",
  forms: ["folder", "tar", "tgz", "zip"],
  verdict: async ({ path, case: c }) =>
    verdictOf(await readBundle({ kind: "path", path: path! }, c.options)),
});
