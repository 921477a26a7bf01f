// MCP over stdio (issue 20), as a host meets it: the SDK's Client talking
// to `skillshelf mcp` in a child process (started once, without
// NODE_EXTRA_CA_CERTS, before any timing) over 1,000 imported skills of 6
// files each.
// - mcp/stdio-list: skills/list, every page, against the same SDK's Server
//   in a child process started the same way, answering the same entries from
//   memory (bench/child/mcp-memory-server.mjs); target 1.3.
// - mcp/stdio-read: resources/read of every file of 100 skills, one after
//   another as fetchSkills reads them, against the same memory server
//   holding the same answers; target 1.3.
// - mcp/read-disk: the same reads, against reading and hashing the same
//   files from the store in this process; target 2. Three rows: over stdio;
//   with the same server code (the shelf's skills, as `skillshelf mcp`
//   opens them, served by createSkillsServer) in this process over the
//   SDK's in-memory transport, which leaves out the pipe, a process hop and
//   the JSON each way; and the shelf's own digest-checked read of each file
//   (SkillSource.readFile of those skills, what every resources/read calls)
//   in this process, without the SDK. The memory server is timed beside
//   them over stdio and over the in-memory transport: the floors of any
//   server over the SDK.
// The memory server's answers are skillshelf's own (collected untimed), so
// both sides send the same bytes. Every read's bytes are checked against
// the manifest's digest, and every listing's count, outside the timing.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureImportedShelf } from "../gen/skill-set.mjs";
import { createChildEnvironment } from "../lib/child.mjs";
import { expectEqual } from "../lib/expect.mjs";
import { compareContenders, pickFastest, scaleRounds } from "../lib/measure.mjs";
import { createMemoryServer } from "../lib/memory-server.mjs";
import { loadPackage, locatePackage, REPO_DIR } from "../lib/packages.mjs";
import { createRatioRow, formatMs } from "../lib/report.mjs";
import { createScratch, removeScratch } from "../lib/scratch.mjs";

const LIST_COUNT = 1_000;
const READ_COUNT = 100;

function sizesOf(options) {
  const scale = options.sizeScale ?? 1;
  const list = Math.max(2, Math.round(LIST_COUNT * scale));
  return { list, read: Math.min(list, Math.max(1, Math.round(READ_COUNT * scale))) };
}

async function loadModules() {
  const loaded = await Promise.all([
    loadPackage("bundle-reader", ["readBundle"]),
    loadPackage("skill-catalog", ["install", "DirectoryStore"]),
    loadPackage("shelf", ["openShelf"]),
    loadPackage("mcp", ["createSkillsServer"]),
  ]);
  for (const one of loaded) if (!one.ok) throw new Error(one.reason);
  const [reader, catalog, shelf, mcp] = loaded.map((one) => one.module);
  const mcpDir = locatePackage("mcp");
  const sdk = join(mcpDir, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm");
  const load = (path) => import(pathToFileURL(path).href);
  const [client, stdio, inMemory, zod, server, types] = await Promise.all([
    load(join(sdk, "client", "index.js")),
    load(join(sdk, "client", "stdio.js")),
    load(join(sdk, "inMemory.js")),
    load(join(mcpDir, "node_modules", "zod", "index.js")),
    load(join(sdk, "server", "index.js")),
    load(join(sdk, "types.js")),
  ]);
  return {
    reader,
    catalog,
    shelf,
    mcp,
    client,
    stdio,
    inMemory,
    z: zod.z,
    Server: server.Server,
    types,
  };
}

/**
 * The shelf's skills as `skillshelf mcp` opens them, served in this process
 * over the in-memory transport; answers the client and the skills' source.
 */
async function connectInProcess(modules, shelf) {
  const opened = await modules.shelf.openShelf(
    { workspace: shelf.workspace, data: shelf.data, tool: "skillshelf bench" },
    createChildEnvironment(),
    shelf.workspace,
  );
  if (!opened.ok) throw new Error(`openShelf refused: ${opened.refusal.code}`);
  const source = opened.shelf.skills;
  return { client: await connectServer(modules, modules.mcp.createSkillsServer(source)), source };
}

/** An SDK Client connected to `server` over the SDK's in-memory transport. */
async function connectServer(modules, server) {
  const [clientSide, serverSide] = modules.inMemory.InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new modules.client.Client({ name: "bench", version: "0" });
  await client.connect(clientSide);
  return client;
}

/** An SDK Client connected over stdio to `node <args>`, whose stderr is kept for errors. */
async function connectStdio(modules, args) {
  const transport = new modules.stdio.StdioClientTransport({
    command: process.execPath,
    args,
    env: createChildEnvironment(),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const client = new modules.client.Client({ name: "bench", version: "0" });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`node ${args.join(" ")} did not connect: ${error.message} ${stderr.trim()}`);
  }
  return client;
}

/** Every entry of skills/list, page after page. */
async function listAll(client, z) {
  const Page = z.looseObject({ skills: z.array(z.unknown()), nextCursor: z.string().optional() });
  const entries = [];
  let cursor;
  do {
    const page = await client.request(
      { method: "skills/list", params: cursor === undefined ? {} : { cursor } },
      Page,
    );
    entries.push(...page.skills);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return entries;
}

/** resources/read of each URI in turn; answers the contents. */
async function readAll(client, uris) {
  const contents = [];
  for (const uri of uris) {
    const answer = await client.readResource({ uri });
    contents.push(answer.contents[0]);
  }
  return contents;
}

const bytesOf = (content) =>
  content.text !== undefined
    ? Buffer.from(content.text, "utf8")
    : Buffer.from(content.blob, "base64");

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** Throws unless the contents are the files listed, each with its manifest digest. */
function expectManifest(contents, resources, what) {
  expectEqual(contents.length, resources.length, `${what} files`);
  contents.forEach((content, i) => {
    expectEqual(content.uri, resources[i].uri, `${what} file ${i}`);
    expectEqual(
      `sha256:${sha256(bytesOf(content))}`,
      resources[i].digest,
      `${what} ${content.uri}`,
    );
  });
}

/**
 * Starts `skillshelf mcp` over the shelf and, with `memory`, the memory
 * server holding skillshelf's answers. Answers the clients, the entries,
 * the resources of the skills read, the shelf and `close`.
 */
async function openShelf(options, { memory }) {
  const modules = await loadModules();
  const sizes = sizesOf(options);
  const shelf = await ensureImportedShelf(sizes.list, modules);
  const bin = join(locatePackage("cli"), "dist", "bin.js");
  const served = await connectStdio(modules, [
    bin,
    "mcp",
    "--workspace",
    shelf.workspace,
    "--data",
    shelf.data,
  ]);
  const clients = [served];
  const close = () => Promise.all(clients.map((client) => client.close()));
  try {
    const entries = await listAll(served, modules.z);
    expectEqual(entries.length, sizes.list, "skills/list");
    const read = entries.slice(0, sizes.read);
    const resources = read.flatMap((entry) => entry.resources);
    const opened = { modules, sizes, shelf, served, entries, resources, close };
    if (!memory) return opened;
    const contents = await readAll(
      served,
      resources.map((resource) => resource.uri),
    );
    expectManifest(contents, resources, "skillshelf resources/read");
    const scratch = await createScratch("mcp-memory");
    const answers = join(scratch, "answers.json");
    const byUri = Object.fromEntries(contents.map((content) => [content.uri, content]));
    await writeFile(answers, JSON.stringify({ entries, contents: byUri }));
    opened.answers = { entries, contents: byUri };
    const script = join(REPO_DIR, "bench", "child", "mcp-memory-server.mjs");
    const inMemory = await connectStdio(modules, [script, answers]);
    clients.push(inMemory);
    return {
      ...opened,
      memory: inMemory,
      close: async () => {
        await close();
        await removeScratch(scratch);
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function measureStdioList(options) {
  const opened = await openShelf(options, { memory: true });
  const { z } = opened.modules;
  const count = opened.sizes.list;
  let figures;
  try {
    figures = await compareContenders(
      [
        {
          name: "skillshelf mcp",
          run: () => listAll(opened.served, z),
          check: (entries) => expectEqual(entries.length, count, "skillshelf skills/list"),
        },
        {
          name: "memory server",
          run: () => listAll(opened.memory, z),
          check: (entries) => expectEqual(entries.length, count, "memory skills/list"),
        },
      ],
      { warmup: 2, rounds: scaleRounds(9) },
    );
  } finally {
    await opened.close();
  }
  const subject = figures["skillshelf mcp"].median;
  const baseline = figures["memory server"].median;
  return [
    createRatioRow({
      bench: "mcp/stdio-list",
      measure: `skills/list of ${count.toLocaleString("en-US")} skills over stdio, every page / the same SDK serving the same entries from memory over stdio`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 1.3 },
      note: `${Math.ceil(count / 100)} pages of 100; both servers are child processes started before timing`,
      figures,
    }),
  ];
}

async function measureStdioRead(options) {
  const opened = await openShelf(options, { memory: true });
  const { resources } = opened;
  const uris = resources.map((resource) => resource.uri);
  let figures;
  try {
    figures = await compareContenders(
      [
        {
          name: "skillshelf mcp",
          run: () => readAll(opened.served, uris),
          check: (contents) => expectManifest(contents, resources, "skillshelf read"),
        },
        {
          name: "memory server",
          run: () => readAll(opened.memory, uris),
          check: (contents) => expectManifest(contents, resources, "memory read"),
        },
      ],
      { warmup: 2, rounds: scaleRounds(9) },
    );
  } finally {
    await opened.close();
  }
  const subject = figures["skillshelf mcp"].median;
  const baseline = figures["memory server"].median;
  const bytes = resources.reduce((sum, resource) => sum + resource.size, 0);
  return [
    createRatioRow({
      bench: "mcp/stdio-read",
      measure: `resources/read of every file of ${opened.sizes.read} skills over stdio / the same SDK serving the same bytes from memory over stdio`,
      subject: formatMs(subject),
      baseline: formatMs(baseline),
      ratio: subject / baseline,
      target: { max: 1.3 },
      note: `${uris.length} files, ${(bytes / 1e6).toFixed(2)} MB, read one after another`,
      figures,
    }),
  ];
}

async function measureReadDisk(options) {
  const opened = await openShelf(options, { memory: true });
  const { resources, shelf } = opened;
  const uris = resources.map((resource) => resource.uri);
  // skill://<id>/<path> names <store>/<id>/<path> (the bench's ids and paths need no escaping).
  const paths = uris.map((uri) => join(shelf.store, uri.slice("skill://".length)));
  const expectDigests = (digests, what) =>
    digests.forEach((digest, i) => {
      expectEqual(`sha256:${digest}`, resources[i].digest, `${what} ${paths[i]}`);
    });
  // skill://<id>/<path>, read as the server reads it: the skill and the path in its manifest.
  const files = uris.map((uri) => {
    const rest = uri.slice("skill://".length);
    const slash = rest.indexOf("/");
    return [rest.slice(0, slash), rest.slice(slash + 1)];
  });
  let figures;
  try {
    const { client: inProcess, source } = await connectInProcess(opened.modules, shelf);
    const memoryInProcess = await connectServer(
      opened.modules,
      createMemoryServer(opened.modules, opened.answers),
    );
    try {
      figures = await compareContenders(
        [
          {
            name: "skillshelf mcp (stdio)",
            run: () => readAll(opened.served, uris),
            check: (contents) => expectManifest(contents, resources, "skillshelf read"),
          },
          {
            name: "skills server (in-process)",
            run: () => readAll(inProcess, uris),
            check: (contents) => expectManifest(contents, resources, "in-process read"),
          },
          {
            name: "shelf read (in-process)",
            run: async () => {
              const read = [];
              for (const [id, path] of files) {
                const file = await source.readFile(id, path);
                if (!file.ok) throw new Error(`${id}/${path}: ${file.code} ${file.reason}`);
                read.push(file.bytes);
              }
              return read;
            },
            check: (read) => expectDigests(read.map(sha256), "shelf read"),
          },
          {
            name: "memory server (in-process)",
            run: () => readAll(memoryInProcess, uris),
            check: (contents) => expectManifest(contents, resources, "in-process memory read"),
          },
          {
            name: "memory server (stdio)",
            run: () => readAll(opened.memory, uris),
            check: (contents) => expectManifest(contents, resources, "memory read"),
          },
          {
            name: "readFileSync + SHA-256",
            run: async () => paths.map((path) => sha256(readFileSync(path))),
            check: (digests) => expectDigests(digests, "readFileSync"),
          },
          {
            name: "readFile + SHA-256",
            run: async () => {
              const digests = [];
              for (const path of paths) digests.push(sha256(await readFile(path)));
              return digests;
            },
            check: (digests) => expectDigests(digests, "readFile"),
          },
        ],
        { warmup: 2, rounds: scaleRounds(10) },
      );
    } finally {
      await inProcess.close();
      await memoryInProcess.close();
    }
  } finally {
    await opened.close();
  }
  const baselines = ["readFileSync + SHA-256", "readFile + SHA-256"];
  const fastest = pickFastest(figures, baselines);
  const others = baselines.map((name) => `${name} ${formatMs(figures[name].median)}`).join(", ");
  const floor = figures["memory server (stdio)"].median;
  const inProcessFloor = figures["memory server (in-process)"].median;
  const row = (name, what, note) =>
    createRatioRow({
      bench: "mcp/read-disk",
      measure: `${what} / fastest read + SHA-256 of the same files in-process (${fastest.name})`,
      subject: formatMs(figures[name].median),
      baseline: formatMs(fastest.ms),
      ratio: figures[name].median / fastest.ms,
      target: { max: 2 },
      note,
      figures: {
        [name]: figures[name],
        ...Object.fromEntries(baselines.map((b) => [b, figures[b]])),
      },
    });
  return [
    row(
      "skills server (in-process)",
      `resources/read of every file of ${opened.sizes.read} skills over the SDK's in-memory transport`,
      `${uris.length} files; the shelf's skills served by createSkillsServer in the bench process; in-process reads: ${others}; the same SDK serving the same bytes from memory over the in-memory transport takes ${formatMs(inProcessFloor)} (ratio ${(inProcessFloor / fastest.ms).toFixed(2)}): the floor of any server over the SDK`,
    ),
    row(
      "shelf read (in-process)",
      `the shelf's digest-checked read (SkillSource.readFile, what resources/read calls) of every file of ${opened.sizes.read} skills, in-process`,
      "the source `skillshelf mcp` serves (openShelf's shelf.skills), kept admissions and all: each file read and held against its manifest digest; the bench hashes the bytes again, untimed",
    ),
    row(
      "skillshelf mcp (stdio)",
      `resources/read of every file of ${opened.sizes.read} skills over stdio`,
      `the same SDK serving the same bytes from memory over stdio takes ${formatMs(floor)} (ratio ${(floor / fastest.ms).toFixed(2)}): the floor of any server over stdio`,
    ),
  ];
}

export const mcpStdioBenchmarks = [
  {
    name: "mcp/stdio-list",
    title: "skills/list of 1,000 skills over stdio vs the same SDK from memory",
    run: measureStdioList,
  },
  {
    name: "mcp/stdio-read",
    title: "reading every file of 100 skills over stdio vs the same SDK from memory",
    run: measureStdioRead,
  },
  {
    name: "mcp/read-disk",
    title: "reading every file of 100 skills over stdio vs read + SHA-256 in-process",
    run: measureReadDisk,
  },
];
