// The token: compared in constant time, required on every /api route, and
// a refused request learns nothing but 401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken, isAuthorized } from "../src/auth.js";
import { sendUntilAnswered } from "./support/http.js";
import { startServer, type TestServer } from "./support/server.js";

const unauthorized = {
  refusal: { code: "unauthorized" },
  message:
    "This request needs the API token: send it as 'Authorization: Bearer <token>' (the console takes it from #token= in its address).",
};

describe("isAuthorized", () => {
  const token = "s3cret-token-value-0123";
  it.each([
    [`Bearer ${token}`, true],
    [`bearer ${token}`, true],
    [undefined, false],
    ["", false],
    [token, false],
    ["Bearer ", false],
    [`Bearer ${token}x`, false],
    [`Bearer ${token.slice(0, -1)}`, false],
    [`Bearer ${token.slice(0, -1)}X`, false],
    [`Basic ${token}`, false],
    [`Bearer  ${token}`, false],
    [`Bearer ${token} `, false],
  ])("%j -> %s", (header, expected) => {
    expect(isAuthorized(header, token)).toBe(expected);
  });

  it("generates distinct URL-safe tokens of 256 bits", () => {
    const tokens = new Set(Array.from({ length: 50 }, generateToken));
    expect(tokens.size).toBe(50);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("the API behind the token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  const routes = [
    ["GET", "/api/limits"],
    ["GET", "/api/skills"],
    ["GET", "/api/skills/anything"],
    ["DELETE", "/api/skills/anything"],
    ["GET", "/api/payload"],
    ["POST", "/api/imports"],
    ["GET", "/api/unknown"],
  ] as const;

  it.each(routes)(
    "%s %s without a token or with a wrong one is 401 and nothing else",
    async (method, path) => {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: "Bearer wrong-token-wrong-token" },
        { authorization: `Basic ${server.token}` },
      ];
      for (const headers of attempts) {
        const response = await fetch(`${server.url}${path}`, { method, headers });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual(unauthorized);
      }
    },
  );

  it("serves the API with the token, and /healthz and the console without one", async () => {
    expect((await fetch(`${server.url}/api/limits`, { headers: server.auth })).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it("answers an endless unauthorized upload with 401 without reading it", async () => {
    const answer = await sendUntilAnswered(
      `${server.url}/api/imports`,
      { "content-type": "application/x-tar" },
      new Uint8Array(1024 * 1024),
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual(unauthorized);
    expect(answer.headers.connection).toBe("close");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
