// The token never reaches a log line: not from a request that carries it,
// not from a refused one, not from an error answer, not at start; a flood of
// refused requests is sampled in the log and counted in /readyz.
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LINES_PER_WINDOW } from "../src/auth-failures.js";
import { tgzOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

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

/** The records logged with message `msg`, parsed. */
const records = (msg: string): Record<string, unknown>[] =>
  log
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.msg === msg);

it("logs a failed authentication with what was asked, never the credential", async () => {
  await fetch(`${server.url}/api/limits?probe=1`, {
    headers: { authorization: "Bearer guess-guess-guess" },
  });
  const failed = records("authentication failed").find((r) => r.path === "/api/limits");
  expect(failed).toMatchObject({ method: "GET", path: "/api/limits", credential: "wrong" });
  expect(log).not.toContain("guess-guess-guess");
});

it("logs each import with its source and its skills or refusal code, early refusals included", async () => {
  await fetch(`${server.url}/api/imports?name=solo.tgz`, {
    method: "POST",
    headers: { ...server.auth, "content-type": "application/gzip" },
    body: tgzOf("b", { "logged/SKILL.md": "# logged\n" }),
  });
  const imported = records("imported").find((r) => (r.skills as string[]).includes("logged"));
  expect(imported?.source).toMatchObject({ kind: "archive", name: "solo.tgz" });

  const form = new FormData();
  form.append("path", "p/formed/SKILL.md");
  form.append("file", new Blob(["# formed\n"]), "SKILL.md");
  await fetch(`${server.url}/api/imports`, { method: "POST", headers: server.auth, body: form });
  expect(
    records("imported").find((r) => (r.skills as string[]).includes("formed"))?.source,
  ).toEqual({
    kind: "form",
    files: 1,
  });

  // Refused before the body is read: Content-Length above the cap (413).
  const { request } = await import("node:http");
  await new Promise<void>((resolve) => {
    const req = request(`${server.url}/api/imports`, {
      method: "POST",
      headers: {
        ...server.auth,
        "content-length": String(2 ** 40),
        "content-type": "application/gzip",
      },
    });
    req.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve());
    });
    req.on("error", () => resolve());
    req.flushHeaders();
  });
  const early = records("import refused").find((r) => r.refusal === "too-large");
  expect(early?.source).toMatchObject({ kind: "archive", bytes: 2 ** 40 });
});

it("logs a flood of failed authentications as a sample, and counts every one in /readyz", async () => {
  const before = records("authentication failed").length;
  const counted = (await bodyOf(await fetch(`${server.url}/readyz`))).authFailures as number;
  const flood = 200;
  for (let sent = 0; sent < flood; sent += 20) {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.url}/api/limits`, { headers: { authorization: "Bearer flood" } }),
      ),
    );
  }
  const started = Date.now();
  const healthy = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1000) });
  expect(healthy.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1000);
  const ready = await fetch(`${server.url}/readyz`);
  expect((await bodyOf(ready)).authFailures).toBe(counted + flood);
  const lines = records("authentication failed").length - before;
  expect(lines).toBeLessThanOrEqual(LINES_PER_WINDOW);
  expect(lines).toBeLessThan(flood);
});
