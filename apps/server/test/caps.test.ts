// The caps: bodies are counted while they stream and cut at the cap with the
// reader's own too-large refusal, whatever the client claims or keeps
// sending; a form that breaks off is refused, not read short; slow clients
// time out; more imports than the gate admits get 503 with Retry-After.
import { connect } from "node:net";
import { limits } from "@skillshelf/contract";
import { afterEach, describe, expect, it } from "vitest";
import type { AppOptions } from "../src/app.js";
import { importCaps } from "../src/imports/caps.js";
import { streamOf } from "./support/bodies.js";
import { sendUntilAnswered } from "./support/http.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

const MIB = 1024 * 1024;
const { maxBytes } = limits();
const caps = importCaps(4);
const lingerBytes = 64 * MIB;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
const start = async (options: Partial<AppOptions> = {}): Promise<TestServer> => {
  server = await startServer(options);
  return server;
};

const healthy = async (s: TestServer): Promise<void> => {
  expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  expect(s.gate.running).toBe(0);
};

describe("body caps", () => {
  it("cuts an endless archive body at the cap with 413 too-large", async () => {
    const s = await start();
    const answer = await sendUntilAnswered(
      `${s.url}/api/imports`,
      { ...s.auth, "content-type": "application/gzip" },
      new Uint8Array(MIB).fill(7),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      refusal: { code: "too-large", limit: maxBytes },
      message: expect.stringContaining("64 MiB"),
    });
    expect(answer.headers.connection).toBe("close");
    // Read at most the cap, then at most the lingering discard (64 MiB), plus what socket buffers hold.
    expect(answer.sent).toBeLessThan(caps.maxArchiveBodyBytes + lingerBytes + 16 * MIB);
    // The import's slot frees once the server has read the body's tail.
    await expect.poll(() => s.gate.running, { timeout: 5_000 }).toBe(0);
    await healthy(s);
  });

  it("cuts an oversized body streamed by fetch from a generator", async () => {
    const s = await start();
    const response = await fetch(`${s.url}/api/imports`, {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/x-tar" },
      body: streamOf(MIB, 80),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await bodyOf(response)).refusal).toEqual({ code: "too-large", limit: maxBytes });
    await healthy(s);
  });

  it("refuses a body whose Content-Length is over the cap before reading it", async () => {
    const s = await start();
    const answer = await sendUntilAnswered(
      `${s.url}/api/imports`,
      { ...s.auth, "content-type": "application/x-tar", "content-length": String(10 * 1024 * MIB) },
      new Uint8Array(64 * 1024),
      { maxChunks: 4 },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).refusal.code).toBe("too-large");
    await healthy(s);
  });

  it("cuts an endless file part of a form at the cap with 413 too-large", async () => {
    const s = await start();
    const boundary = "----skillshelf-test";
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="path"\r\n\r\nb/s/SKILL.md\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="b/s/SKILL.md"\r\ncontent-type: text/plain\r\n\r\n`;
    const answer = await sendUntilAnswered(
      `${s.url}/api/imports`,
      { ...s.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      new Uint8Array(MIB).fill(120),
      { first: head },
    );
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(caps.maxFormBodyBytes + lingerBytes + 16 * MIB);
    expect(JSON.parse(answer.body).refusal.code).toBe("too-large");
    await healthy(s);
  });

  it("cuts an endless preamble of a form at the whole-body cap", async () => {
    const s = await start();
    const answer = await sendUntilAnswered(
      `${s.url}/api/imports`,
      { ...s.auth, "content-type": "multipart/form-data; boundary=never-sent" },
      new Uint8Array(MIB).fill(120),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).refusal.code).toBe("too-large");
    expect(answer.sent).toBeLessThan(caps.maxFormBodyBytes + lingerBytes + 16 * MIB);
    await healthy(s);
  });

  it("refuses a form that ends before its closing boundary, and installs nothing", async () => {
    const s = await start();
    const boundary = "----skillshelf-test";
    const form = [
      `--${boundary}\r\ncontent-disposition: form-data; name="path"\r\n\r\nb/s/SKILL.md\r\n`,
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="b/s/SKILL.md"\r\n\r\n# s\n\nDoes s.\n\r\n`,
      `--${boundary}\r\ncontent-disposition: form-data; name="path"\r\n\r\nb/s/more.md\r\n`,
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="b/s/more.md"\r\n\r\nhalf of a fi`,
    ].join("");
    const response = await fetch(`${s.url}/api/imports`, {
      method: "POST",
      headers: { ...s.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: form,
    });
    expect(response.status).toBe(422);
    const body = await bodyOf(response);
    expect(body.refusal.code).toBe("unreadable-source");
    expect(body.message).toContain("the upload form is malformed");
    const list = await bodyOf(await fetch(`${s.url}/api/skills`, { headers: s.auth }));
    expect(list.skills).toEqual([]);
    await healthy(s);
  });

  it("refuses a form without a boundary as unreadable", async () => {
    const s = await start();
    const response = await fetch(`${s.url}/api/imports`, {
      method: "POST",
      headers: { ...s.auth, "content-type": "multipart/form-data" },
      body: "x",
    });
    expect(response.status).toBe(422);
    expect((await bodyOf(response)).refusal.code).toBe("unreadable-source");
  });

  it("refuses a path field longer than any path the reader accepts", async () => {
    const s = await start();
    const form = new FormData();
    form.append("path", `b/${"x/".repeat(caps.maxPathFieldBytes)}`);
    form.append("file", new Blob(["x"]), "f");
    const response = await fetch(`${s.url}/api/imports`, {
      method: "POST",
      headers: s.auth,
      body: form,
    });
    expect(response.status).toBe(422);
    expect((await bodyOf(response)).refusal).toMatchObject({
      code: "unsafe-path",
      why: "path-too-long",
    });
  });
});

describe("slow clients and admission", () => {
  /** Opens a connection, sends the head of an import and part of its body, and keeps it open. */
  const startSlowImport = (
    s: TestServer,
  ): Promise<{ closed: Promise<number>; end: () => void; abort: () => void }> =>
    new Promise((resolve) => {
      const { port } = new URL(s.url);
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /api/imports?dry_run=1 HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${s.token}\r\ncontent-type: application/x-tar\r\ncontent-length: 1024\r\n\r\n`,
        );
        socket.write(new Uint8Array(100));
        const opened = Date.now();
        const closed = new Promise<number>((done) =>
          socket.on("close", () => done(Date.now() - opened)),
        );
        socket.on("error", () => {});
        socket.on("data", () => {});
        resolve({
          closed,
          end: () => socket.end(new Uint8Array(924)),
          abort: () => socket.destroy(),
        });
      });
    });

  it("drops a client that stops sending, and frees its import slot", async () => {
    const s = await start({ connectionTimeout: 400 });
    const slow = await startSlowImport(s);
    await expect.poll(() => s.gate.running, { timeout: 5_000 }).toBe(1);
    const lasted = await slow.closed;
    expect(lasted).toBeGreaterThanOrEqual(300);
    expect(lasted).toBeLessThan(5_000);
    await healthy(s);
  });

  it("frees the import slot when the client leaves mid-upload", async () => {
    const s = await start();
    const slow = await startSlowImport(s);
    await expect.poll(() => s.gate.running, { timeout: 5_000 }).toBe(1);
    slow.abort();
    await expect.poll(() => s.gate.running, { timeout: 5_000 }).toBe(0);
    await healthy(s);
  });

  it("drops a client that trickles a body for longer than a request may take", async () => {
    const s = await start({ requestTimeout: 1_000, connectionTimeout: 10_000 });
    const { port } = new URL(s.url);
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.on("error", () => {});
    socket.write(
      `POST /api/imports HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${s.token}\r\ncontent-type: application/x-tar\r\ncontent-length: 100000\r\n\r\n`,
    );
    const trickle = setInterval(() => socket.write(new Uint8Array(10)), 100);
    const started = Date.now();
    await new Promise((resolve) => socket.once("close", resolve));
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    await healthy(s);
  });

  it("answers 503 with Retry-After beyond the concurrent imports, and admits again once one ends", async () => {
    const s = await start({ concurrentImports: 1 });
    const slow = await startSlowImport(s);
    await expect.poll(() => s.gate.running, { timeout: 5_000 }).toBe(1);
    const busy = await fetch(`${s.url}/api/imports?dry_run=1`, {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/x-tar" },
      body: new Uint8Array(1024),
    });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(await bodyOf(busy)).toEqual({
      refusal: { code: "busy", limit: 1 },
      message: "All 1 import slots are in use; retry in a moment (see Retry-After).",
    });
    slow.end();
    await slow.closed.catch(() => {});
    // The slot is freed once the server has judged the ended upload, which
    // for the first import of a process includes loading the import flow:
    // ask again until it is free, within a bound.
    let after: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      after = await fetch(`${s.url}/api/imports?dry_run=1`, {
        method: "POST",
        headers: { ...s.auth, "content-type": "application/x-tar" },
        body: new Uint8Array(1024),
      });
      if (after.status !== 503) break;
      await after.arrayBuffer();
    }
    expect(after?.status).not.toBe(503);
  });
});
