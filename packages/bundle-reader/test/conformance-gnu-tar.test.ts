// Each case's folder packed by GNU tar and read as archive bytes: the same
// verdict as the folder, which checks the cases' own tar writer against a
// real packer. A hard link's twin lies outside the folder, so GNU tar stores
// a plain file; a missing folder cannot be packed; the entry-limit cases are
// left to the other surfaces, as packing 10,000 files adds nothing here.
import { execFile } from "node:child_process";
import { basename, dirname } from "node:path";
import { promisify } from "node:util";
import { cases, runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";

const run = promisify(execFile);

runConformance({
  name: "library: GNU tar of the folder",
  forms: ["folder"],
  cases: cases.filter(
    (c) =>
      c.missing !== true &&
      // A case only a folder can say (a .git that is not walked) packs into something else.
      (c.forms === undefined || c.forms.includes("tar")) &&
      c.entries.length < 1_000 &&
      !c.entries.some((e) => e.kind === "hardlink"),
  ),
  verdict: async ({ path, case: c }) => {
    const args = ["--format=gnu", "-cf", "-", "-C", dirname(path!), basename(path!)];
    const packed = await run("tar", args, { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 });
    const bytes = new Uint8Array(packed.stdout);
    return verdictOf(await readBundle({ kind: "archive", bytes }, c.options));
  },
});
