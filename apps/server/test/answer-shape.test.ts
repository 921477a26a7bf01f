// Every non-2xx answer has one shape, `{ refusal: { code, ... }, message }`,
// whoever refuses: the token check, the router, the query check, the gate,
// the reader and the framework. And one rule says what an API request is:
// the token check and the no-store header agree on every path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./support/server.js";
import { open, parseAnswer, readAll } from "./support/socket.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const expectShape = async (response: Response, status: number, code: string): Promise<void> => {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { refusal: { code: string }; message: string };
  expect(Object.keys(body).sort()).toEqual(["message", "refusal"]);
  expect(body.refusal.code).toBe(code);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(20);
};

describe("one shape for every non-2xx answer", () => {
  const post = (path: string, body: Uint8Array, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { ...server.auth, ...headers },
      body,
    });

  it("401 without the token", async () => {
    await expectShape(await fetch(`${server.url}/api/skills`), 401, "unauthorized");
  });

  it("404 for a route that does not exist, inside and outside /api", async () => {
    await expectShape(await fetch(`${server.url}/nowhere`), 404, "not-found");
    await expectShape(
      await fetch(`${server.url}/api/nowhere`, { headers: server.auth }),
      404,
      "not-found",
    );
  });

  it("400 for a query the import does not take", async () => {
    await expectShape(
      await post("/api/imports?dry_run=maybe", new Uint8Array(0)),
      400,
      "bad-query",
    );
  });

  it("422 and 413 from the one refusal table", async () => {
    await expectShape(await post("/api/imports", new Uint8Array(10)), 422, "not-an-archive");
    const socket = await open(server.url);
    const answer = readAll(socket);
    socket.write(
      [
        "POST /api/imports HTTP/1.1",
        `Host: ${new URL(server.url).host}`,
        `Authorization: ${server.auth.authorization}`,
        "Content-Type: application/x-tar",
        `Content-Length: ${Number.MAX_SAFE_INTEGER}`,
        "",
        "",
      ].join("\r\n"),
    );
    const raw = parseAnswer(await answer);
    expect(raw.status).toBe(413);
    expect(JSON.parse(raw.body).refusal.code).toBe("too-large");
  });

  it("404 for an unknown skill, on reading and on removal", async () => {
    await expectShape(
      await fetch(`${server.url}/api/skills/absent`, { headers: server.auth }),
      404,
      "unknown-skill",
    );
    await expectShape(
      await fetch(`${server.url}/api/skills/absent`, { method: "DELETE", headers: server.auth }),
      404,
      "unknown-skill",
    );
  });
});

describe("one rule for what an API request is", () => {
  it.each([
    ["/api", 401],
    ["/api/", 401],
    ["/api/limits", 401],
    ["/api/limits?x=1", 401],
    ["/%61pi/limits", 401],
    ["/apix", 404],
    ["/healthz", 200],
    ["/", 200],
  ])(
    "%s without a token: %i, with no-store exactly when it is an API request",
    async (path, status) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(status);
      const api = status === 401;
      expect(response.headers.get("cache-control") === "no-store").toBe(api);
    },
  );
});
