// A real shelf for the tests: a workspace with builtin skills (one refused by
// the catalog) and a managed directory store whose skills were read from a
// folder by bundle-reader and written by skill-catalog's install(), so every
// managed skill has its install record. `expected` is what a host must see:
// every served skill's files with their bytes, from the bundle on disk.
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import { DirectoryStore, install } from "@skillshelf/skill-catalog";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { expect } from "vitest";

const frontmatter = (name: string, description: string, extra = ""): string =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nRead references/ first.\n`;

/** The managed skills, imported from a folder. */
export const managedFiles: Record<string, Record<string, string>> = {
  "pdf-tools": {
    "SKILL.md": frontmatter(
      "pdf-tools",
      "Fill and extract PDF forms",
      "license: MIT\nmetadata:\n  version: 2.1.0\n  owner: docs\n",
    ),
    "references/FORMS.md": "# Forms\n\nEvery field, in order.\n",
    "scripts/fill.py": "#!/usr/bin/env python3\nprint('filled')\n",
    "templates/invoice.md": "Invoice template\n",
    "templates/regional/eu-invoice.md": "EU invoice template\n",
    "notes with space.txt": "a file whose name needs encoding\n",
    "données/é.md": "non-ASCII path\n",
  },
  "git-flow": {
    "SKILL.md": frontmatter("git-flow", "Branch and commit the team's way"),
    "hooks/pre-commit.sh": "#!/bin/sh\nexit 0\n",
  },
  titled: { "SKILL.md": "# titled\n\nA skill named by its title alone.\n" },
};

/** The builtin skills, written in the workspace by hand. */
export const builtinFiles: Record<string, Record<string, string>> = {
  "house-style": {
    "SKILL.md": frontmatter("house-style", "Write as the house writes"),
    "examples/good.md": "Short sentences.\n",
  },
  mismatch: { "SKILL.md": frontmatter("other-name", "Declares another id") },
};

/** The skills a host is served: id to path to text. */
export const servedFiles: Record<string, Record<string, string>> = {
  "git-flow": managedFiles["git-flow"]!,
  "house-style": builtinFiles["house-style"]!,
  "pdf-tools": managedFiles["pdf-tools"]!,
};

/** The roots (the builtin root and the managed store), and the store's directory. */
export type Shelf = { builtin: string; managed: DirectoryStore; managedDir: string };

/** Writes the workspace, imports the bundle into the managed store, and answers the roots. */
export async function makeShelf(): Promise<Shelf> {
  const dir = makeTempDir("skillshelf-mcp-");
  const builtin = join(dir, "workspace", "skills");
  const managedDir = join(dir, "data", "skills");
  for (const [id, files] of Object.entries(builtinFiles)) writeTree(join(builtin, id), files);
  const bundle = join(dir, "bundle");
  for (const [id, files] of Object.entries(managedFiles)) writeTree(join(bundle, id), files);
  chmodSync(join(bundle, "pdf-tools", "scripts", "fill.py"), 0o755);
  const read = await readBundle({ kind: "path", path: bundle });
  if (!read.ok) throw new Error(`the test bundle was refused: ${read.refusal.code}`);
  const managed = new DirectoryStore(managedDir);
  const installed = await install({ builtin, managed }, read.skills, {
    source: { kind: "path", name: bundle },
  });
  expect(installed).toMatchObject({ ok: true });
  return { builtin, managed, managedDir };
}
