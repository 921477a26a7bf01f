// @module-tag heavy
// Hostile clients of /mcp against the real `skillshelf-server` (the built
// bin, a child process on 127.0.0.1, so its memory is its own to measure):
// 1,000 concurrent resources/read on one session, and a client that sends
// thousands of reads down one connection and never reads an answer. The
// server's peak resident memory (VmHWM) must stay within a bound, and
// another client must still be answered, byte-exact, meanwhile.
//
// Why the bound holds: a read's answer is its file (64 KiB here) as bytes,
// as a string and as a JSON frame, about 0.25 MiB while it is written, so
// 1,000 answers in flight at once are at most some 250 MiB; in practice the
// session's requests are answered as they arrive and the peak grows by a
// few tens of MiB. A client that never reads holds the server to what its
// socket's buffers take: Node stops reading a connection's further requests
// while its answers wait to be written, so 20,000 requests cost what the
// first few hundred do (measured here: about +40 MiB for the thousand, +10
// to +30 MiB for the 20,000 unread). The bound, 256 MiB over the memory held
// before (the peak is started over first), is what a leak of the answers or
// of the queued requests would pass. Over stdio the same two are in
// packages/mcp/test/hostile.test.ts and stdio-backpressure.test.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const bin = join(repo, "apps/server/dist/bin.js");
const token = "hostile-test-token-0123456789abcdef";
const FILE_BYTES = 65_536;
const FILES = 16;
const PEAK_GROWTH_MIB = 256;

/** The files of the builtin skill `big`: SKILL.md and 16 references of 64 KiB. */
const files: Record<string, string> = {
  "SKILL.md": "---\nname: big\ndescription: Sixteen references of 64 KiB each\n---\n\n# big\n",
};
for (let i = 0; i < FILES; i++) {
  files[`references/part-${i}.md`] = `${String(i % 10).repeat(FILE_BYTES - 1)}\n`;
}

let child: ChildProcess;
let dir: string;
let url: URL;

beforeAll(async () => {
  expect(existsSync(bin), "build the server first (pnpm build)").toBe(true);
  dir = await mkdtemp(join(tmpdir(), "skillshelf-mcp-hostile-"));
  for (const [path, text] of Object.entries(files)) {
    const at = join(dir, "workspace", "skills", "big", path);
    await mkdir(join(at, ".."), { recursive: true });
    await writeFile(at, text);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, SKILLSHELF_TOKEN: token };
  delete env.NODE_EXTRA_CA_CERTS;
  child = spawn(
    process.execPath,
    [bin, "--port", "0", "--data", join(dir, "data"), "--workspace", join(dir, "workspace")],
    { env, stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const found = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (found) resolve(found[1]!);
    });
    child.once("exit", () => reject(new Error(`the server exited:\n${err}`)));
  });
  url = new URL(`http://127.0.0.1:${port}/mcp`);
});

afterAll(async () => {
  child?.kill("SIGKILL");
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

/** Starts the server's peak resident memory over from what it holds now (Linux's clear_refs). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** The server's resident memory now and at its peak, in MiB (Linux's /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

async function newClient(): Promise<Client> {
  const client = new Client({ name: "skillshelf-hostile-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  onTestFinished(() => client.close());
  return client;
}

/** Reads `path` of `big` and answers whether its text is the file's, byte for byte. */
async function readsRight(client: Client, path: string): Promise<boolean> {
  const { contents } = await client.readResource({ uri: `skill://big/${path}` });
  const content = contents[0]!;
  return "text" in content && content.text === files[path];
}

const paths = Object.keys(files);

describe("hostile clients of /mcp on a real server", () => {
  it("answers 1,000 concurrent reads byte-exact, and another client meanwhile, within the bound", async () => {
    const flood = await newClient();
    const other = await newClient();
    expect(await readsRight(flood, "SKILL.md")).toBe(true);
    resetPeak(child.pid!);
    const idle = memoryOf(child.pid!);
    const reads = Array.from({ length: 1000 }, (_, i) =>
      readsRight(flood, paths[i % paths.length]!),
    );
    // Asked while the thousand are in flight.
    const meanwhile = await readsRight(other, "references/part-3.md");
    const answers = await Promise.all(reads);
    expect(meanwhile).toBe(true);
    expect(answers.filter(Boolean)).toHaveLength(1000);
    const after = memoryOf(child.pid!);
    console.log(
      `1,000 concurrent reads: peak ${idle.peak.toFixed(0)} -> ${after.peak.toFixed(0)} MiB`,
    );
    expect(after.peak - idle.peak).toBeLessThan(PEAK_GROWTH_MIB);
  });

  it("keeps a client that never reads its answers to its socket's buffers, and answers others", async () => {
    const other = await newClient();
    expect(await readsRight(other, "SKILL.md")).toBe(true);
    // A session of its own, opened over plain HTTP.
    const headers = {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const opened = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "never-reads", version: "0" },
        },
      }),
    });
    const session = opened.headers.get("mcp-session-id");
    await opened.text();
    expect(session).toBeTruthy();
    resetPeak(child.pid!);
    const idle = memoryOf(child.pid!);
    // 20,000 reads of 64 KiB (1.25 GiB of answers) down one connection, never read.
    const socket = connect(Number(url.port), "127.0.0.1");
    onTestFinished(() => {
      socket.destroy();
    });
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.pause();
    for (let i = 0; i < 20_000; i++) {
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: i + 1,
        method: "resources/read",
        params: { uri: `skill://big/references/part-${i % FILES}.md` },
      });
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
          "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
          `Mcp-Session-Id: ${session}\r\nMcp-Protocol-Version: 2025-06-18\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    // Whatever the server will take of them, it takes while others are answered.
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const path = paths[round + 1]!;
      expect(await readsRight(other, path), path).toBe(true);
    }
    const after = memoryOf(child.pid!);
    console.log(
      `a client that never reads: peak ${idle.peak.toFixed(0)} -> ${after.peak.toFixed(0)} MiB`,
    );
    expect(after.peak - idle.peak).toBeLessThan(PEAK_GROWTH_MIB);
  });
});
