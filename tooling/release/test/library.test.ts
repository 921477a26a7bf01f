// @module-tag heavy
// The libraries as a user gets them: imported from ESM in a project outside
// the workspace, walking the sample bundle (as a folder and as a .tgz) from
// source to a verified payload.
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runNode } from "../src/run.js";
import { installedConsumer, makeRunDir } from "./installed.js";

const consumer = installedConsumer();

it("reads, installs, catalogs, loads and hands out the sample bundle from the tarballs", async () => {
  const dir = makeRunDir(consumer, "library");
  copyFileSync(join(import.meta.dirname, "consumer", "library.mjs"), join(dir, "library.mjs"));
  const run = await runNode(["library.mjs", join(dir, "bundle"), dir], { cwd: dir });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const seen = JSON.parse(run.stdout);
  expect(seen.limits).toEqual({ maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 });
  expect(seen.read).toEqual([
    { name: "pdf-tools", files: ["SKILL.md", "scripts/extract.sh"] },
    { name: "release-notes", files: ["SKILL.md", "references/style.md"] },
  ]);
  // The .tgz of the same folder, read as a file and as bytes, gives the same skills.
  const [fromFile, fromBytes] = seen.archive;
  expect(fromBytes).toEqual(fromFile);
  expect(fromFile.map((s: { name: string }) => s.name)).toEqual(["pdf-tools", "release-notes"]);
  expect(fromFile[0].files).toContainEqual(
    expect.objectContaining({ path: "scripts/extract.sh", executable: true }),
  );
  expect(seen.installed).toEqual(["pdf-tools", "release-notes"]);
  expect(seen.catalog.ids).toEqual(["pdf-tools", "release-notes"]);
  expect(seen.catalog.refused).toEqual([]);
  expect(seen.loaded.id).toBe("pdf-tools");
  expect(seen.loaded.digest).toMatch(/^[0-9a-f]{64}$/);
  expect(seen.payload).toEqual({
    revision: seen.catalog.revision,
    ids: ["pdf-tools", "release-notes"],
  });
  expect(seen.verified).toEqual({ revision: seen.catalog.revision });
  expect(seen.refusal.code).toBe("stray-file");
  expect(seen.refusal.message).toContain("notes.txt");
  expect(seen.shelf).toEqual({
    imported: ["pdf-tools", "release-notes"],
    listed: ["pdf-tools", "release-notes"],
    tool: "consumer 1.0.0",
  });
  expect(seen.cliExports).toBeGreaterThan(0);
  expect(seen.serverExports).toBeGreaterThan(0);
});
