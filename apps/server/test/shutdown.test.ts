// Graceful shutdown of the real binary: when SIGTERM comes, an upload whose
// body is still arriving is answered 503 at once, an import already reading
// its bundle is finished and installed, an idle keep-alive connection is
// served once more with Connection: close, and the process then exits 0.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it, onTestFinished } from "vitest";
import { skillFiles, tarOf } from "./support/bodies.js";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const token = "shutdown-test-token-0123456789";

/** Starts the binary and resolves with its port once it prints the console URL. */
async function startBin(
  dir: string,
): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const child = spawn(
    process.execPath,
    [bin, "--port", "0", "--data", join(dir, "data"), "--workspace", join(dir, "ws")],
    {
      env: { ...process.env, SKILLSHELF_TOKEN: token },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  onTestFinished(() => {
    child.kill("SIGKILL");
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  let out = "";
  let err = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /console: http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code, signal) =>
      reject(
        new Error(
          `the server exited (${code ?? signal}) before listening:\n${out}\nstderr:\n${err}`,
        ),
      ),
    );
  });
  return { child, port, exited };
}

/** Opens a connection and sends the head of an import and the first part of its body. */
function beginImport(port: number, body: Uint8Array, sentFirst: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST /api/imports HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${token}\r\ncontent-type: application/x-tar\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, sentFirst));
      resolve(socket);
    });
  });
}

const answerOf = (socket: Socket): Promise<string> =>
  new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.on("close", () => resolve(text));
    socket.on("error", () => resolve(text));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("on SIGTERM cuts a dribbling upload at once (503), finishes the import already reading, closes idle keep-alive connections on their next answer, and exits 0", async () => {
  expect(existsSync(bin), "build the server first (pnpm build)").toBe(true);
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-shutdown-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const { child, port, exited } = await startBin(dir);

  // Hold the managed root's lock as a live process would, so the complete
  // import below is still installing when the signal comes.
  const managed = join(dir, "data", "skills");
  const owner = { pid: process.pid, host: hostname(), boot: "", token: "held-by-the-test" };
  await writeFile(join(managed, ".lock"), JSON.stringify(owner));

  const complete = tarOf("bundle", skillFiles("already-reading"));
  const reading = await beginImport(port, complete, complete.length);
  const readingAnswer = answerOf(reading);
  const dribbled = tarOf("bundle", skillFiles("late-arrival", { "notes.md": "n\n".repeat(5000) }));
  const dribbling = await beginImport(port, dribbled, 1024);
  const dribblingAnswer = answerOf(dribbling);
  const events = await new Promise<Socket>((resolve) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
  });
  const eventsEnded = new Promise<string>((resolve) => {
    let text = "";
    events.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.endsWith("\r\n0\r\n\r\n")) resolve(text);
    });
  });
  events.write(
    `GET /api/events HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${token}\r\n\r\n`,
  );
  const idle = await keepAliveClient(port);
  expect(await idle.get("/healthz")).toMatch(/^HTTP\/1\.1 200 /);
  await sleep(300);

  child.kill("SIGTERM");
  const signalled = Date.now();
  const cut = await dribblingAnswer;
  expect(Date.now() - signalled).toBeLessThan(3_000);
  expect(cut).toMatch(/^HTTP\/1\.1 503 /);
  expect(cut.toLowerCase()).toContain("connection: close");
  expect(cut).toContain('{"refusal":{"code":"shutting-down"}');

  // The idle keep-alive connection is still served, and told to close.
  const next = await idle.get("/healthz");
  expect(next).toMatch(/^HTTP\/1\.1 200 /);
  expect(next.toLowerCase()).toContain("connection: close");

  // An open event stream ends with the shutdown rather than holding it.
  expect(await eventsEnded).toContain("event: ready");

  await rm(join(managed, ".lock"));
  const text = await readingAnswer;
  expect(text).toMatch(/^HTTP\/1\.1 201 /);
  expect(text.toLowerCase()).toContain("connection: close");
  expect(text).toContain('"id":"already-reading"');
  expect(existsSync(join(managed, "already-reading", "SKILL.md"))).toBe(true);
  expect(existsSync(join(managed, "late-arrival"))).toBe(false);
  expect(await exited).toBe(0);
});

/** A client on one keep-alive connection: each get() sends a request and resolves with its answer's head. */
async function keepAliveClient(port: number): Promise<{ get(path: string): Promise<string> }> {
  const socket = await new Promise<Socket>((resolve) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
  });
  socket.on("error", () => {});
  return {
    get: (path) =>
      new Promise((resolve) => {
        let text = "";
        const onData = (chunk: Buffer): void => {
          text += chunk.toString();
          if (text.includes("\r\n\r\n") && /\}$/.test(text)) {
            socket.off("data", onData);
            resolve(text);
          }
        };
        socket.on("data", onData);
        socket.write(
          `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: keep-alive\r\n\r\n`,
        );
      }),
  };
}

it("exits 2 with one sentence on a bad flag", async () => {
  const child = spawn(process.execPath, [bin, "--port", "http"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(err.trim()).toBe("skillshelf-server: --port must be a whole number between 0 and 65535");
});

it("refuses a non-loopback host without a token at start", async () => {
  const env = { ...process.env };
  delete env.SKILLSHELF_TOKEN;
  const child = spawn(process.execPath, [bin, "--host", "0.0.0.0", "--port", "0"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(err).toContain("a host other than loopback needs SKILLSHELF_TOKEN set");
});

it("exits 1 with one sentence when the port is taken", async () => {
  const { createServer } = await import("node:net");
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => taken.close(() => resolve())));
  const { port } = taken.address() as { port: number };
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-port-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const child = spawn(process.execPath, [bin, "--port", String(port), "--data", dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(err).toContain(`skillshelf-server: cannot listen on 127.0.0.1:${port}`);
  expect(err).toContain("choose another --port or --host");
});
