// @module-tag heavy
// `skillshelf mcp` as a host starts it: the built binary spawned by the SDK's
// stdio client, over a directory store and over PostgreSQL. Every skill is
// listed (one without frontmatter is not served, and `list` says why),
// every file of every skill is read and held against the manifest's digest,
// and an import by another process (the CLI) sends list_changed.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { z } from "zod";
import { BIN, childEnv, parseJson, runBin, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile, writeTree } from "./support/trees.js";

const Listing = z.looseObject({
  skills: z.array(
    z.object({
      uri: z.string(),
      frontmatter: z.record(z.string(), z.unknown()),
      resources: z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
    }),
  ),
});

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

async function startMcp(args: readonly string[]): Promise<Client> {
  const client = new Client({ name: "skillshelf-test", version: "0.0.0" });
  const env = childEnv() as Record<string, string>;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", ...args],
      env,
      stderr: "pipe",
    }),
  );
  onTestFinished(() => client.close());
  return client;
}

/** Every skill's URI with the URIs of its files, each read and checked against its size and digest. */
async function readEverything(client: Client): Promise<Record<string, string[]>> {
  const { skills } = await client.request({ method: "skills/list", params: {} }, Listing);
  const read: Record<string, string[]> = {};
  for (const skill of skills) {
    read[skill.uri] = [];
    for (const file of skill.resources) {
      const content = (await client.readResource({ uri: file.uri })).contents[0]!;
      const bytes =
        "text" in content
          ? Buffer.from(content.text as string, "utf8")
          : Buffer.from(content.blob as string, "base64");
      expect(bytes.length).toBe(file.size);
      expect(`sha256:${createHash("sha256").update(bytes).digest("hex")}`).toBe(file.digest);
      read[skill.uri]!.push(file.uri);
    }
  }
  return read;
}

const stores = [
  { name: "a directory store", store: (): string[] => [] },
  { name: "PostgreSQL", store: (): string[] => ["--store", cluster.createDatabase()] },
];

describe.each(stores)("skillshelf mcp over $name", ({ store }) => {
  it("serves every file of every servable skill, and hears another process's import", async () => {
    const { workspace, args } = makeRoots();
    const roots = [...args, ...store()];
    writeTree(join(workspace, "skills"), {
      "greet/SKILL.md": skillFile("greet", "Say hello"),
      "greet/examples/formal.md": "Good morning.\n",
    });
    const imported = await runBin(["import", SAMPLE_BUNDLE, ...roots]);
    expect(imported.code, imported.stderr).toBe(0);

    const client = await startMcp(roots);
    expect(await readEverything(client)).toEqual({
      "skill://greet/SKILL.md": ["skill://greet/SKILL.md", "skill://greet/examples/formal.md"],
      "skill://pdf-tools/SKILL.md": [
        "skill://pdf-tools/SKILL.md",
        "skill://pdf-tools/scripts/extract.sh",
      ],
    });

    const heard = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
    );
    const bundle = writeTree(makeTempDir(), {
      "later/SKILL.md": skillFile("later", "Comes later"),
    });
    const later = await runBin(["import", bundle, ...roots]);
    expect(later.code, later.stderr).toBe(0);
    await heard;
    const { skills } = await client.request({ method: "skills/list", params: {} }, Listing);
    expect(skills.map((skill) => skill.uri)).toEqual([
      "skill://greet/SKILL.md",
      "skill://later/SKILL.md",
      "skill://pdf-tools/SKILL.md",
    ]);
  });
});

describe("the MCP warnings", () => {
  it.each([
    { name: "check", command: (args: string[]) => ["check", SAMPLE_BUNDLE, ...args] },
    { name: "import", command: (args: string[]) => ["import", SAMPLE_BUNDLE, ...args] },
    { name: "list", command: (args: string[]) => ["list", ...args] },
  ])("$name says which skill is not served over MCP, and why", async ({ name, command }) => {
    const { args } = makeRoots();
    if (name === "list") expect((await runBin(["import", SAMPLE_BUNDLE, ...args])).code).toBe(0);
    const printed = await runBin(command(args));
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stderr).toContain(
      "warning (mcp-unservable): The skill 'release-notes' is not served over MCP: its SKILL.md frontmatter is absent;",
    );
    const other = makeRoots();
    if (name === "list") await runBin(["import", SAMPLE_BUNDLE, ...other.args]);
    const json = parseJson(await runBin([...command(other.args), "--json"])) as {
      mcpWarnings: { code: string; skill: string }[];
    };
    expect(json.mcpWarnings).toEqual([
      expect.objectContaining({ code: "mcp-unservable", skill: "release-notes" }),
    ]);
  });
});

describe("skillshelf payload --files", () => {
  it("writes every file of every skill, and withholds a skill once a file was edited after import", async () => {
    const { data, args } = makeRoots();
    expect((await runBin(["import", SAMPLE_BUNDLE, ...args])).code).toBe(0);
    const out = join(makeTempDir(), "skills");
    const written = parseJson(await runBin(["payload", "--files", out, "--json", ...args]));
    expect(written).toEqual({
      ok: true,
      skills: [
        { id: "pdf-tools", dir: join(out, "pdf-tools") },
        { id: "release-notes", dir: join(out, "release-notes") },
      ],
      refused: [],
    });
    expect(readFileSync(join(out, "pdf-tools/scripts/extract.sh"))).toEqual(
      readFileSync(join(SAMPLE_BUNDLE, "pdf-tools/scripts/extract.sh")),
    );

    writeFileSync(join(data, "skills/release-notes/references/style.md"), "Be rude.\n");
    const again = join(makeTempDir(), "skills");
    // The trust gate withholds the drifted skill whole, naming the file; the rest is written.
    const withheld = await runBin(["payload", "--files", again, ...args]);
    expect(withheld.code, withheld.stderr).toBe(0);
    expect(withheld.stdout).toContain(`wrote ${join(again, "pdf-tools")}`);
    expect(withheld.stdout).toMatch(/^refused release-notes \(drifted\): /m);
    expect(withheld.stdout).toContain("  modified references/style.md");
    expect(readdirSync(again)).toEqual(["pdf-tools"]);
  });
});
