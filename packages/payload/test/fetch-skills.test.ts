// fetchSkills over a real MCP connection (the SDK's Client and the skills
// server of @skillshelf/mcp over a managed directory store and a builtin
// root): every file of every payload skill lands in `<dir>/<id>/` with its
// bytes and mode; a file edited after import leaves nothing written and is
// named, whether the server or fetchSkills itself catches it.
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { readBundle } from "@skillshelf/bundle-reader";
import { createSkillsServer, skillSourceOf } from "@skillshelf/mcp";
import { DirectoryStore, install, type Roots, readStoredFile } from "@skillshelf/skill-catalog";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it, onTestFinished } from "vitest";
import { fetchSkillFiles, fetchSkills, type Payload, payload } from "../src/index.js";

const skillMd = (id: string): string =>
  `---\nname: ${id}\ndescription: Does ${id}\n---\n\n# ${id}\n`;

const managedFiles: Record<string, string> = {
  "pdf-tools/SKILL.md": skillMd("pdf-tools"),
  "pdf-tools/scripts/fill.sh": "#!/bin/sh\necho filled\n",
  "pdf-tools/references/données.md": "non-ASCII path\n",
};
const builtinFiles: Record<string, string> = {
  "greet/SKILL.md": skillMd("greet"),
  "greet/examples/formal.md": "Good morning.\n",
};

async function setUp(): Promise<{ roots: Roots; managed: string; built: Payload }> {
  const base = makeTempDir();
  const bundle = writeTree(join(base, "bundle"), managedFiles);
  chmodSync(join(bundle, "pdf-tools/scripts/fill.sh"), 0o755);
  const managed = join(base, "data", "skills");
  const roots = {
    builtin: writeTree(join(base, "skills"), builtinFiles),
    managed: new DirectoryStore(managed),
  };
  const read = await readBundle({ kind: "path", path: bundle });
  if (!read.ok) throw new Error(read.refusal.code);
  const installed = await install(roots, read.skills, { tool: "test" });
  expect(installed.ok).toBe(true);
  const built = await payload(roots);
  if (!built.ok) throw new Error(built.refusal.code);
  return { roots, managed, built: built.payload };
}

async function clientOf(roots: Roots): Promise<Client> {
  const server = createSkillsServer(skillSourceOf(roots));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "worker", version: "1.0.0" });
  await client.connect(clientSide);
  onTestFinished(() => client.close());
  return client;
}

/** Every file under `dir` (dot-entries included), path -> text. */
function treeAt(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(dir.length + 1)] = readFileSync(path, "utf8");
  }
  return files;
}

const fetchers = [
  {
    name: "fetchSkills through an MCP client",
    // The server withholds a drifted skill whole (the trust gate).
    edited: { code: "drifted", skill: "pdf-tools" },
    fetch: async (roots: Roots, built: Payload, dir: string) =>
      fetchSkills(await clientOf(roots), built, dir),
  },
  {
    name: "fetchSkillFiles through the store",
    // The store's bytes are held against the manifest: the file is named.
    edited: { code: "changed-file", skill: "pdf-tools", path: "scripts/fill.sh" },
    fetch: (roots: Roots, built: Payload, dir: string) =>
      fetchSkillFiles(
        async (id, path) => {
          const read = await readStoredFile(roots, id, path);
          return read.ok ? { ok: true, bytes: read.bytes } : read;
        },
        built,
        dir,
      ),
  },
];

describe.each(fetchers)("$name", ({ fetch, edited }) => {
  it("writes every file of every skill, byte for byte, scripts executable", async () => {
    const { roots, built } = await setUp();
    expect(built.skills.map((s) => [s.id, s.files.map((f) => f.path)])).toEqual([
      ["greet", ["SKILL.md", "examples/formal.md"]],
      ["pdf-tools", ["SKILL.md", "references/données.md", "scripts/fill.sh"]],
    ]);
    const dir = makeTempDir();
    writeTree(dir, { "pdf-tools/stale.md": "from an older fetch\n" });
    const fetched = await fetch(roots, built, dir);
    expect(fetched).toEqual({
      ok: true,
      skills: [
        { id: "greet", dir: join(dir, "greet") },
        { id: "pdf-tools", dir: join(dir, "pdf-tools") },
      ],
    });
    expect(treeAt(dir)).toEqual({ ...builtinFiles, ...managedFiles });
    expect(statSync(join(dir, "pdf-tools/scripts/fill.sh")).mode & 0o111).not.toBe(0);
    expect(statSync(join(dir, "greet/examples/formal.md")).mode & 0o111).toBe(0);
  });

  it("a file edited after import: nothing written, the file or its skill named", async () => {
    const { roots, managed, built } = await setUp();
    writeFileSync(join(managed, "pdf-tools/scripts/fill.sh"), "#!/bin/sh\nrm -rf ~\n");
    const dir = makeTempDir();
    writeTree(dir, { "pdf-tools/SKILL.md": "the old tree stays\n" });
    const fetched = await fetch(roots, built, dir);
    expect(fetched).toEqual({ ok: false, refusal: edited });
    expect(treeAt(dir)).toEqual({ "pdf-tools/SKILL.md": "the old tree stays\n" });
  });
});

describe("a payload whose manifest names a path outside the skill", () => {
  it("is refused, and nothing is written", async () => {
    const { roots, built } = await setUp();
    const skill = built.skills[0]!;
    const hostile = {
      ...built,
      skills: [{ ...skill, files: [...skill.files, { ...skill.files[0]!, path: "../escape.md" }] }],
    };
    const dir = join(makeTempDir(), "out");
    const fetched = await fetchSkills(await clientOf(roots), hostile, dir);
    expect(fetched).toEqual({
      ok: false,
      refusal: { code: "unsafe-path", path: "../escape.md", why: "traversal" },
    });
    expect(existsSync(join(dir, "..", "escape.md"))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
