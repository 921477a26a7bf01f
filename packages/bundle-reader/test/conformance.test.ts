// Every conformance case through the library's three sources: a path (a
// folder, or a .tar/.tgz file on disk), archive bytes (with the archive's
// name, and without it), and an upload list.
import { runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";
import type { Source } from "../src/types.js";

const read = async (source: Source) => verdictOf(await readBundle(source));

runConformance({
  name: "library: path",
  forms: ["folder", "tar", "tgz"],
  verdict: async ({ path }) => read({ kind: "path", path: path! }),
});

runConformance({
  name: "library: archive bytes",
  forms: ["tar", "tgz"],
  verdict: async ({ bytes, archiveName }) =>
    read({
      kind: "archive",
      bytes: bytes!,
      ...(archiveName === undefined ? {} : { name: archiveName }),
    }),
});

runConformance({
  name: "library: unnamed archive bytes",
  forms: ["tar", "tgz"],
  named: false,
  verdict: async ({ bytes }) => read({ kind: "archive", bytes: bytes! }),
});

runConformance({
  name: "library: uploads",
  forms: ["uploads"],
  verdict: async ({ uploads }) => read({ kind: "uploads", files: uploads! }),
});
