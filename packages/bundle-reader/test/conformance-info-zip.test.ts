// Each case's folder packed by Info-ZIP's `zip -ry` (symbolic links stored
// as links) and read as archive bytes: the same verdict as the folder, which
// checks the cases' own zip writer against a real packer. Written to stdout,
// so zip streams it with data descriptors, except a case holding a symbolic
// link: Info-ZIP 3.0 stores a link uncompressed and cannot do so on a pipe
// ("zip -0 not supported for I/O on pipes"), so that case is packed to a
// file, with sizes in its local headers. A hard link's twin lies outside
// the folder, so zip stores a plain file, as tar does; zip would block
// reading a fifo, so fifo cases are left out, as are a missing folder and
// the entry-limit cases. The test fails, never skips, when zip is missing.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";
import { cases, runConformance, verdictOf } from "@skillshelf/conformance";
import { readBundle } from "../src/index.js";

const run = promisify(execFile);

runConformance({
  name: "library: Info-ZIP zip of the folder",
  forms: ["folder"],
  cases: cases.filter(
    (c) =>
      c.missing !== true &&
      // A case only a folder can say (a .git that is not walked) zips into something else.
      (c.forms === undefined || c.forms.includes("zip")) &&
      c.entries.length < 1_000 &&
      !c.entries.some((e) => e.kind === "hardlink" || e.kind === "fifo"),
  ),
  verdict: async ({ path, case: c }) => {
    const bytes = c.entries.some((e) => e.kind === "symlink")
      ? await packToFile(path!)
      : new Uint8Array(
          (
            await run("zip", ["-qry", "-", basename(path!)], {
              cwd: dirname(path!),
              encoding: "buffer",
              maxBuffer: 256 * 1024 * 1024,
            })
          ).stdout,
        );
    return verdictOf(await readBundle({ kind: "archive", bytes }, c.options));
  },
});

/** `zip -ry` of the folder into a file beside nothing else, and its bytes. */
async function packToFile(folder: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-info-zip-"));
  try {
    const out = join(dir, "bundle.zip");
    await run("zip", ["-qry", out, basename(folder)], { cwd: dirname(folder) });
    return new Uint8Array(await readFile(out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
