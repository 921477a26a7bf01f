// CI entry point of "every published package packs clean": packs each
// published package with pnpm (as it will be published), then runs publint
// (strict: warnings fail) and Are the Types Wrong (ESM-only profile, since the
// packages ship no CommonJS) on the tarball, and lists anything that must not
// ship. Exits 1 when any package fails any of the three.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findUnwantedFiles } from "../contents.js";
import { packAll } from "../pack.js";
import { findWorkspaceRoot, listPublishedPackages } from "../workspace.js";

const root = findWorkspaceRoot();
const destination = mkdtempSync(join(tmpdir(), "skillshelf-packs-"));
let failed = 0;

function runTool(label: string, args: string[]): void {
  const result = spawnSync("pnpm", ["exec", ...args], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`FAIL ${label}`);
    failed += 1;
  }
}

try {
  for (const packed of packAll(listPublishedPackages(root), destination)) {
    console.log(`\n== ${packed.name} (${packed.files.length} files)`);
    runTool(`publint ${packed.name}`, ["publint", "run", packed.tarball, "--strict"]);
    runTool(`attw ${packed.name}`, [
      "attw",
      packed.tarball,
      "--profile",
      "esm-only",
      "--no-definitely-typed",
      "--format",
      "table-flipped",
    ]);
    for (const file of findUnwantedFiles(packed.files)) {
      console.error(`FAIL ${packed.name} ships ${file.path}: ${file.why}`);
      failed += 1;
    }
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
console.log(failed === 0 ? "\nall packages pack clean" : `\n${failed} pack check(s) failed`);
process.exit(failed === 0 ? 0 : 1);
