// The store suite over the directory store: hand edits are edits on disk,
// and a skill planted by hand is a folder written beside the installed ones.
import { chmod, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { makeTempDir } from "@skillshelf/test-utils";
import { describeStoreSuite } from "../src/store-suite.js";

describeStoreSuite("directory", async () => {
  const dir = makeTempDir("skillshelf-store-suite-");
  const builtin = join(dir, "ws", "skills");
  const managed = join(dir, "data", "skills");
  await mkdir(builtin, { recursive: true });
  return {
    store: new DirectoryStore(managed),
    builtin,
    async tamper(id, change) {
      const path = join(managed, id, change.path);
      if (change.kind === "remove") await rm(path);
      else if (change.kind === "chmod") await chmod(path, change.executable ? 0o755 : 0o644);
      else {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, change.bytes);
      }
    },
    async plant(id, files) {
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(managed, id, path)), { recursive: true });
        await writeFile(join(managed, id, path), text);
      }
    },
  };
});
