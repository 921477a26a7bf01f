// The token never reaches a log line: not from a request that carries it,
// not from a refused one, not from an error answer, not at start.
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tgzOf } from "./support/bodies.js";
import { startServer, type TestServer } from "./support/server.js";

let server: TestServer;
let log = "";
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  server = await startServer({ logger: { level: "trace", stream }, logRequests: true });
});
afterAll(() => server.stop());

it("keeps the token out of every log line, even at trace level", async () => {
  await fetch(`${server.url}/api/skills`, { headers: server.auth });
  await fetch(`${server.url}/api/skills`, {
    headers: { authorization: `Bearer ${server.token}x` },
  });
  await fetch(`${server.url}/api/imports`, {
    method: "POST",
    headers: { ...server.auth, "content-type": "application/gzip" },
    body: tgzOf("b", { "x/SKILL.md": "# y\n" }),
  });
  await fetch(`${server.url}/api/nowhere?x=1`, { headers: server.auth });
  expect(log).toContain("incoming request");
  expect(log).toContain("import refused");
  expect(log).not.toContain(server.token);
});
