// An import body that arrives slower than the minimum rate is cut with 408
// (too-slow, in the one shape) and frees its import slot at once; one that
// keeps up is read whole. The rate window is shortened for the test (the
// default is 8 KiB/s over 10 s windows); the dribbling clients are real
// sockets on 127.0.0.1.
import { afterEach, expect, it } from "vitest";
import { skillFiles, tarOf } from "./support/bodies.js";
import { startServer, type TestServer, testToken } from "./support/server.js";
import { open, parseAnswer, readAll } from "./support/socket.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const rate = { minBytesPerSecond: 4096, windowMs: 400 };

/** Sends an import's head, then `chunk` bytes every `everyMs` until answered; resolves with the answer. */
async function dribble(
  url: string,
  length: number,
  chunk: number,
  everyMs: number,
  body?: Uint8Array,
) {
  const socket = await open(url);
  const answer = readAll(socket);
  socket.write(
    [
      "POST /api/imports?dry_run=1 HTTP/1.1",
      `Host: ${new URL(url).host}`,
      `Authorization: Bearer ${testToken}`,
      "Content-Type: application/x-tar",
      `Content-Length: ${length}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  const started = Date.now();
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= length) return clearInterval(timer);
    const next =
      body?.subarray(sent, sent + chunk) ?? new Uint8Array(Math.min(chunk, length - sent));
    sent += next.length;
    socket.write(next);
  }, everyMs);
  const bytes = await answer;
  clearInterval(timer);
  return { ...parseAnswer(bytes), ms: Date.now() - started };
}

it("cuts a body slower than the minimum rate with 408 too-slow and frees its slot", async () => {
  server = await startServer({ uploadRate: rate, concurrentImports: 2 });
  const slow = await Promise.all([
    dribble(server.url, 100_000, 10, 100),
    dribble(server.url, 100_000, 10, 100),
  ]);
  for (const answer of slow) {
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      refusal: { code: "too-slow", limit: 4096 },
      message:
        "The upload arrived slower than 4,096 bytes per second, so it was cut to free its import slot; send it again over a faster connection.",
    });
    // Cut after the first window that brought too little, not at the request timeout.
    expect(answer.ms).toBeLessThan(5_000);
  }
  expect(server.gate.running).toBe(0);
  const after = await fetch(`${server.url}/api/imports?dry_run=1`, {
    method: "POST",
    headers: { ...server.auth, "content-type": "application/x-tar" },
    body: tarOf("b", skillFiles("after-slow")),
  });
  expect(after.status).toBe(200);
});

it("reads a body that keeps above the rate, however it is split", async () => {
  server = await startServer({ uploadRate: rate });
  const body = tarOf("b", skillFiles("steady", { "notes.md": "n".repeat(20_000) }));
  // 2 KiB every 50 ms is 40 KiB/s, ten times the minimum.
  const answer = await dribble(server.url, body.length, 2048, 50, body);
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body).skills[0].id).toBe("steady");
});
