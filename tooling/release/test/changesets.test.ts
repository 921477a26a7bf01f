// The release flow's configuration: changesets publishes every published
// package with public access and bumps internal dependents, never versions a
// private package, and every pending changeset names only published packages
// with a bump changesets knows.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findWorkspaceRoot, listPublishedPackages } from "../src/workspace.js";

const dir = join(findWorkspaceRoot(), ".changeset");
const config = JSON.parse(readFileSync(join(dir, "config.json"), "utf8"));
const published = new Set(listPublishedPackages().map((p) => p.name));
const changesets = readdirSync(dir)
  .filter((f) => f.endsWith(".md") && f !== "README.md")
  .map((file) => ({ file, text: readFileSync(join(dir, file), "utf8") }));

/** The `"package": bump` lines of a changeset's frontmatter. */
function readReleases(text: string): [string, string][] {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (match === null) throw new Error("a changeset opens with a --- frontmatter block");
  return match[1]!
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const release = /^"?([^"]+)"?:\s*(\w+)\s*$/.exec(line);
      if (release === null) throw new Error(`not a release line: ${line}`);
      return [release[1]!, release[2]!];
    });
}

describe(".changeset/config.json", () => {
  it("publishes with public access and bumps internal dependents", () => {
    expect(config.access).toBe("public");
    expect(config.updateInternalDependencies).toBe("patch");
    expect(config.baseBranch).toBe("main");
  });

  it("never versions or tags a private package, and ignores no published one", () => {
    expect(config.privatePackages).toEqual({ version: false, tag: false });
    expect((config.ignore as string[]).filter((name) => published.has(name))).toEqual([]);
  });
});

describe.each(changesets)(".changeset/$file", ({ text }) => {
  it("releases only published packages, with a known bump and a summary", () => {
    const releases = readReleases(text);
    expect(releases.length).toBeGreaterThan(0);
    for (const [name, bump] of releases) {
      expect(published.has(name), name).toBe(true);
      expect(["patch", "minor", "major"]).toContain(bump);
    }
    expect(text.replace(/^---\n[\s\S]*?\n---\n/, "").trim()).not.toBe("");
  });
});
