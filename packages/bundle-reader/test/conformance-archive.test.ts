// Every conformance case through archive bytes, once with the archive's name
// and once without it (as from stdin or a raw HTTP body).
import { archiveSourceOf, runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";

runConformance({
  name: "library: archive bytes",
  forms: ["tar", "tgz", "zip"],
  verdict: async (input) => verdictOf(await readBundle(archiveSourceOf(input), input.case.options)),
});

runConformance({
  name: "library: unnamed archive bytes",
  forms: ["tar", "tgz", "zip"],
  named: false,
  verdict: async ({ bytes, case: c }) =>
    verdictOf(await readBundle({ kind: "archive", bytes: bytes! }, c.options)),
});
