// MCP benchmark: skills/list of 1,000 managed skills (each a 2 KiB SKILL.md
// with frontmatter and one reference file, imported by install() so each
// has its record), every page walked by the SDK's Client over an in-memory
// transport, against the same SDK's Server answering the same entries from
// memory. The ratio is what reading the catalog and the records costs over
// sending the bytes (each of the 10 pages reads them again).

import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { INPUT_DIR } from "../gen/inputs.mjs";
import { expectEqual } from "../lib/expect.mjs";
import { compareContenders, scaleRounds } from "../lib/measure.mjs";
import { loadPackage, locatePackage } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";

const COUNT = 1_000;

async function loadAll() {
  const [mcp, reader, catalog] = await Promise.all([
    loadPackage("mcp", ["createSkillsServer", "skillSourceOf", "skillEntryOf"]),
    loadPackage("bundle-reader", ["readBundle"]),
    loadPackage("skill-catalog", ["install", "DirectoryStore"]),
  ]);
  for (const loaded of [mcp, reader, catalog]) if (!loaded.ok) throw new Error(loaded.reason);
  const sdk = join(
    locatePackage("mcp"),
    "node_modules",
    "@modelcontextprotocol",
    "sdk",
    "dist",
    "esm",
  );
  const load = (path) => import(pathToFileURL(join(sdk, path)).href);
  const [client, inMemory, server, types] = await Promise.all([
    load("client/index.js"),
    load("inMemory.js"),
    load("server/index.js"),
    load("types.js"),
  ]);
  return {
    mcp: mcp.module,
    reader: reader.module,
    catalog: catalog.module,
    client,
    inMemory,
    server,
    types,
  };
}

/** A workspace whose managed store holds `COUNT` imported skills; cached under bench/out/inputs. */
async function ensureShelf({ reader, catalog }) {
  const base = join(INPUT_DIR, `mcp-shelf-${COUNT}-v1`);
  const roots = {
    builtin: join(base, "workspace", "skills"),
    managed: new catalog.DirectoryStore(join(base, "data", "skills")),
  };
  if (existsSync(`${base}.complete`)) return roots;
  await rm(base, { recursive: true, force: true });
  const bundle = join(base, "bundle");
  for (let index = 0; index < COUNT; index += 1) {
    const id = `skill-${String(index).padStart(5, "0")}`;
    const dir = join(bundle, id);
    await mkdir(join(dir, "references"), { recursive: true });
    const opening = `---\nname: ${id}\ndescription: Benchmark skill number ${index}.\nlicense: MIT\n---\n\n`;
    await writeFile(join(dir, "SKILL.md"), opening.padEnd(2048, "Steps to follow.\n"));
    await writeFile(join(dir, "references", "GUIDE.md"), "Read this first.\n".repeat(30));
  }
  const read = await reader.readBundle({ kind: "path", path: bundle });
  if (!read.ok) throw new Error(`bench bundle refused: ${read.refusal.code}`);
  const installed = await catalog.install(roots, read.skills);
  if (!installed.ok) throw new Error(`bench install refused: ${installed.refusal.code}`);
  await writeFile(`${base}.complete`, "");
  return roots;
}

async function connect(modules, server) {
  const [clientSide, serverSide] = modules.inMemory.InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new modules.client.Client({ name: "bench", version: "0" });
  await client.connect(clientSide);
  return client;
}

/** The same SDK's Server answering skills/list from entries held in memory, 100 a page. */
function memoryServer(modules, entries, z) {
  const server = new modules.server.Server(
    { name: "memory", version: "0" },
    { capabilities: { resources: {} } },
  );
  const schema = z.object({ method: z.literal("skills/list"), params: z.unknown().optional() });
  server.setRequestHandler(schema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + 100;
    return {
      resultType: "complete",
      skills: entries.slice(start, next),
      ...(next < entries.length ? { nextCursor: String(next) } : {}),
      ttlMs: 60_000,
      cacheScope: "private",
    };
  });
  return server;
}

async function listAll(client, z) {
  const Result = z.looseObject({ skills: z.array(z.unknown()), nextCursor: z.string().optional() });
  let count = 0;
  let cursor;
  do {
    const page = await client.request(
      { method: "skills/list", params: cursor === undefined ? {} : { cursor } },
      Result,
    );
    count += page.skills.length;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return count;
}

async function measureList() {
  const modules = await loadAll();
  const { z } = await import(
    pathToFileURL(join(locatePackage("mcp"), "node_modules", "zod", "index.js")).href
  );
  const roots = await ensureShelf(modules);
  const source = modules.mcp.skillSourceOf(roots);
  const served = await connect(modules, modules.mcp.createSkillsServer(source));
  const { skills } = await source.list();
  const entries = skills.map(modules.mcp.skillEntryOf);
  const memory = await connect(modules, memoryServer(modules, entries, z));
  let figures;
  try {
    figures = await compareContenders(
      [
        {
          name: "skillshelf skills/list",
          run: () => listAll(served, z),
          check: (count) => expectEqual(count, COUNT, "skills/list"),
        },
        {
          name: "same entries from memory",
          run: () => listAll(memory, z),
          check: (count) => expectEqual(count, COUNT, "memory skills/list"),
        },
      ],
      { warmup: 2, rounds: scaleRounds(9) },
    );
  } finally {
    await served.close();
    await memory.close();
  }
  const subject = figures["skillshelf skills/list"].median;
  const baseline = figures["same entries from memory"].median;
  return [
    createRatioRow({
      bench: "mcp/skills-list",
      measure:
        "skills/list of 1,000 imported skills, all pages / the same SDK serving the same entries from memory",
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      note: "no target yet: each page reads the catalog and the records again, as a listing must stay current",
      figures,
    }),
  ];
}

export const mcpBenchmarks = [
  {
    name: "mcp/skills-list",
    title: "skills/list of 1,000 skills vs the same entries from memory",
    run: measureList,
  },
];
