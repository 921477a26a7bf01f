// Rewrites the refusal table in packages/contract/README.md from the
// code's own table. Run it after changing a sentence, status or exit code;
// the release test fails until the README matches (cell by cell, so a
// Markdown formatter may pad the columns without breaking it).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderRefusalTable, replaceTable } from "../refusal-table.js";
import { findWorkspaceRoot } from "../workspace.js";

const readme = join(findWorkspaceRoot(), "packages", "contract", "README.md");
const before = readFileSync(readme, "utf8");
const after = replaceTable(before, renderRefusalTable());
if (after === before) {
  console.log(`${readme}: refusal table already up to date`);
} else {
  writeFileSync(readme, after);
  console.log(`${readme}: refusal table rewritten`);
}
