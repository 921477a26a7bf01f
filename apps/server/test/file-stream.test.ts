// GET /api/skills/:id/files/<path> streams the file with back-pressure: 16
// clients that ask for a 60 MB file and never read it once added about 900
// MiB to the server, each answer loaded whole and held until its client
// read it. Here 16 raw sockets ask for a 24 MB file, read the status line
// and then stop reading; the server (in this process) must not grow by
// anything near the 384 MB those answers would hold, and /healthz answers.
import { writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer, testToken, writeSkill } from "./support/server.js";

const FILE_BYTES = 24 * 1024 * 1024;
const CLIENTS = 16;
let server: TestServer;

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
    globalThis.gc?.();
    const before = process.memoryUsage();
    const sockets: Socket[] = [];
    try {
      const statuses = await Promise.all(
        Array.from({ length: CLIENTS }, () => stalledClient(sockets)),
      );
      expect(statuses).toEqual(Array.from({ length: CLIENTS }, () => "HTTP/1.1 200 OK"));
      // Every answer has begun; what the server holds for them now is what it keeps.
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      const after = process.memoryUsage();
      const grown = Math.max(after.rss - before.rss, after.arrayBuffers - before.arrayBuffers);
      // Whole answers would hold CLIENTS x 24 MB = 384 MB.
      expect(grown).toBeLessThan((CLIENTS * FILE_BYTES) / 6);
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
