// GET /api/skills/:id/files/<path> streams the file with back-pressure: 16
// clients that ask for a 60 MB file and never read it once added about 900
// MiB to the server, each answer loaded whole and held until its client
// read it. Here 16 raw sockets ask for a 24 MB file, read the status line
// and then stop reading; the server (in this process) must not hold
// anything near the 384 MB those answers would, and /healthz answers within a second.
import { writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer, testToken, writeSkill } from "./support/server.js";

const FILE_BYTES = 24 * 1024 * 1024;
const CLIENTS = 16;
let server: TestServer;

// What the process holds, not what it has touched: RSS also counts garbage
// not yet collected and memory freed but kept by the allocator, which on a
// busy machine varied by tens of MB between runs. A collection first, then
// the JavaScript heap and the buffers outside it, where an answer loaded
// whole would be.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
function held(): number {
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

beforeAll(async () => {
  server = await startServer();
  await writeSkill(server.roots.builtin, "big");
  const line = `${"x".repeat(1023)}\n`;
  await writeFile(join(server.roots.builtin, "big", "large.md"), line.repeat(FILE_BYTES / 1024));
});
afterAll(() => server.stop());

/** Asks for the large file and resolves once the status line arrives; then reads nothing more. */
function stalledClient(sockets: Socket[]): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(
        `GET /api/skills/big/files/large.md HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${testToken}\r\n\r\n`,
      );
    });
    sockets.push(socket);
    socket.once("error", reject);
    socket.once("data", (chunk: Buffer) => {
      socket.pause();
      resolve(chunk.toString("latin1").split("\r\n")[0]!);
    });
  });
}

describe("a large file asked for by clients that never read it", () => {
  it("is streamed: the server's memory stays bounded and /healthz answers", async () => {
    const before = held();
    const sockets: Socket[] = [];
    try {
      const statuses = await Promise.all(
        Array.from({ length: CLIENTS }, () => stalledClient(sockets)),
      );
      expect(statuses).toEqual(Array.from({ length: CLIENTS }, () => "HTTP/1.1 200 OK"));
      // Every answer has begun; what the server holds for them now is what it keeps.
      const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      expect(health.status).toBe(200);
      const grown = held() - before;
      // Whole answers would hold CLIENTS x 24 MB = 384 MB; streams hold about
      // 5 MB between them. Less than one whole file is what streaming means.
      expect(grown).toBeLessThan(FILE_BYTES);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });

  it("still serves the whole file, byte for byte, to a client that reads it", async () => {
    const response = await fetch(`${server.url}/api/skills/big/files/large.md`, {
      headers: server.auth,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("content-length")).toBe(String(FILE_BYTES));
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(FILE_BYTES);
    expect(body.subarray(0, 1024).toString()).toBe(`${"x".repeat(1023)}\n`);
  });
});
