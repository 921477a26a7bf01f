// Every conformance case through the library's three sources: a path (a
// folder, or a .tar/.tgz file on disk), archive bytes (with the archive's
// name, and without it), and an upload list. A last surface packs each case's
// folder with GNU tar and reads that, so the cases' own tar writer is checked
// against a real packer's output.
import { execFile } from "node:child_process";
import { basename, dirname } from "node:path";
import { promisify } from "node:util";
import { cases, runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";
import type { Source } from "../src/types.js";

const read = async (source: Source) => verdictOf(await readBundle(source));
const run = promisify(execFile);

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

runConformance({
  name: "library: GNU tar of the folder",
  forms: ["folder"],
  // A hard link's twin lies outside the folder, so GNU tar stores a plain
  // file; a missing folder cannot be packed.
  cases: cases.filter((c) => c.missing !== true && !c.entries.some((e) => e.kind === "hardlink")),
  verdict: async ({ path }) => {
    const packed = await run(
      "tar",
      ["--format=gnu", "-cf", "-", "-C", dirname(path!), basename(path!)],
      {
        encoding: "buffer",
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    return read({ kind: "archive", bytes: new Uint8Array(packed.stdout) });
  },
});
