// Runs in the consumer project, outside the workspace: imports every
// published package from ESM and walks a real bundle from source to payload
// with them, then prints what it saw as one JSON line for the test to check.
// Usage: node library.mjs <bundle folder> <work dir>
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { limits, message, readBundle } from "@skillshelf/bundle-reader";
import * as cli from "@skillshelf/cli";
import { materialize, payload, readPayload } from "@skillshelf/payload";
import * as server from "@skillshelf/server";
import { openShelf } from "@skillshelf/shelf";
import { catalog, DirectoryStore, install, load } from "@skillshelf/skill-catalog";

const [bundleDir, workDir] = process.argv.slice(2);

const read = await readBundle({ kind: "path", path: bundleDir });
if (!read.ok) throw new Error(message(read.refusal));

// The same bundle packed with tar -czf, read as a file and as bytes.
const tgz = join(workDir, "bundle.tgz");
execFileSync("tar", ["-czf", tgz, "-C", dirname(bundleDir), basename(bundleDir)]);
const fromFile = await readBundle({ kind: "path", path: tgz });
const fromBytes = await readBundle({ kind: "archive", bytes: readFileSync(tgz) });

const roots = {
  builtin: join(workDir, "workspace", "skills"),
  managed: new DirectoryStore(join(workDir, "data", "skills")),
};
const installed = await install(roots, read.skills);
const listed = await catalog(roots);
const loaded = await load(roots, "pdf-tools");
const built = await payload(roots);
const written = await materialize(roots, join(workDir, "run"));
const verified = written.ok ? await readPayload(written.path) : written;

// The application layer every surface calls: the same bundle imported through a shelf.
const opened = await openShelf(
  { workspace: join(workDir, "shelf"), data: join(workDir, "shelf-data"), tool: "consumer 1.0.0" },
  {},
  workDir,
);
if (!opened.ok) throw new Error(message(opened.refusal));
const viaShelf = await opened.shelf.import({ kind: "path", path: bundleDir });
const shelfListing = await opened.shelf.list();
await opened.shelf.close();

// A bundle with a file beside its skill directories is refused with one sentence.
const stray = join(workDir, "stray-bundle");
mkdirSync(join(stray, "one"), { recursive: true });
writeFileSync(join(stray, "one", "SKILL.md"), "# one\n");
writeFileSync(join(stray, "notes.txt"), "not a skill\n");
const refused = await readBundle({ kind: "path", path: stray });

console.log(
  JSON.stringify({
    limits: limits(),
    read: read.skills.map((s) => ({ name: s.name, files: s.files.map((f) => f.path) })),
    archive: [fromFile, fromBytes].map((r) => (r.ok ? r.skills : r.refusal)),
    installed: installed.ok ? installed.installed.map((i) => i.id) : installed.refusal,
    catalog: {
      ids: listed.skills.map((s) => s.id),
      refused: listed.refused,
      revision: listed.revision,
    },
    loaded: loaded.ok ? { id: loaded.skill.id, digest: loaded.skill.digest } : loaded.refusal,
    payload: built.ok
      ? { revision: built.payload.revision, ids: built.payload.skills.map((s) => s.id) }
      : built.refusal,
    verified: verified.ok ? { revision: verified.payload.revision } : verified.refusal,
    refusal: refused.ok ? null : { code: refused.refusal.code, message: message(refused.refusal) },
    shelf: {
      imported: viaShelf.ok ? viaShelf.skills.map((s) => s.id) : viaShelf.refusal,
      listed: shelfListing.catalog.skills.map((s) => s.id),
      tool: shelfListing.records.get("pdf-tools")?.tool,
    },
    cliExports: Object.keys(cli).length,
    serverExports: Object.keys(server).length,
  }),
);
