// Graceful shutdown of the real binary: an import whose body is still
// arriving when SIGTERM comes is finished and installed, the listener is
// closed to new connections meanwhile, and the process then exits 0.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
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
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /console: http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", () => reject(new Error(`the server exited before listening: ${out}`)));
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

it("finishes the import in flight on SIGTERM, refuses new connections, and exits 0", async () => {
  expect(existsSync(bin), "build the server first (pnpm build)").toBe(true);
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-shutdown-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const { child, port, exited } = await startBin(dir);

  const body = tarOf("bundle", skillFiles("late-arrival", { "notes.md": "n\n".repeat(5000) }));
  const socket = await beginImport(port, body, 1024);
  const answer = answerOf(socket);
  await sleep(300);

  child.kill("SIGTERM");
  await sleep(300);
  const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.status,
    () => "refused",
  );
  expect(refused === "refused" || refused === 503).toBe(true);

  // The rest of the body, without half-closing: the server closes after its answer.
  socket.write(body.subarray(1024));
  const text = await answer;
  expect(text).toMatch(/^HTTP\/1\.1 201 /);
  expect(text.toLowerCase()).toContain("connection: close");
  expect(text).toContain('"id":"late-arrival"');
  expect(existsSync(join(dir, "data", "skills", "late-arrival", "SKILL.md"))).toBe(true);
  expect(await exited).toBe(0);
});

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
