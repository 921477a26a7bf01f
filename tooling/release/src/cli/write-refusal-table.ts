// Rewrites the refusal table in packages/bundle-reader/README.md from the
// code's own table, then lets Biome format the README as `pnpm lint` expects.
// Run it after changing a sentence, status or exit code; the release test
// fails until the README matches.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderRefusalTable, replaceTable } from "../refusal-table.js";
import { findWorkspaceRoot } from "../workspace.js";

const root = findWorkspaceRoot();
const readme = join(root, "packages", "bundle-reader", "README.md");
const before = readFileSync(readme, "utf8");
const after = replaceTable(before, renderRefusalTable());
if (after === before) {
  console.log(`${readme}: refusal table already up to date`);
} else {
  writeFileSync(readme, after);
  execFileSync("pnpm", ["exec", "biome", "format", "--write", readme], {
    cwd: root,
    stdio: "ignore",
  });
  console.log(`${readme}: refusal table rewritten`);
}
