// Started with `node --import` before the command under test: records every
// module the process loads, one URL or path a line, into the file named by
// SKILLSHELF_TEST_LOAD_LOG. ES modules are seen by a load hook (which runs off
// the main thread, hence the file); CommonJS ones (yauzl, yaml, commander)
// are read from require's cache as the process exits.
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";

const log = process.env.SKILLSHELF_TEST_LOAD_LOG;
if (log === undefined) throw new Error("SKILLSHELF_TEST_LOAD_LOG names no file");
register(new URL("./log-loads-hooks.mjs", import.meta.url), { data: { log } });
const { cache } = createRequire(import.meta.url);
process.on("exit", () => {
  appendFileSync(
    log,
    Object.keys(cache)
      .map((path) => `${path}\n`)
      .join(""),
  );
});
