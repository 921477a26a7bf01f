// Every conformance case through archive bytes, once with the archive's name
// and once without it (as from stdin or a raw HTTP body).
import { runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";

runConformance({
  name: "library: archive bytes",
  forms: ["tar", "tgz", "zip"],
  verdict: async ({ bytes, archiveName, case: c }) =>
    verdictOf(
      await readBundle(
        {
          kind: "archive",
          bytes: bytes!,
          ...(archiveName === undefined ? {} : { name: archiveName }),
        },
        c.options,
      ),
    ),
});

runConformance({
  name: "library: unnamed archive bytes",
  forms: ["tar", "tgz", "zip"],
  named: false,
  verdict: async ({ bytes, case: c }) =>
    verdictOf(await readBundle({ kind: "archive", bytes: bytes! }, c.options)),
});
