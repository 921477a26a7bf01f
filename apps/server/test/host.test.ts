// DNS rebinding: a page elsewhere can make a browser send requests here under
// its own name. Only the bound host, localhost, 127.0.0.1, [::1] and the
// --allowed-host names (with the port the connection came in on) are
// served; any other Host gets 421 with no body, before the token matters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isServedHost, servedNames } from "../src/host-check.js";
import { startServer, type TestServer, testToken } from "./support/server.js";
import { sendRaw } from "./support/socket.js";

describe("over a real socket", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ allowedHosts: ["skills.example.org"] });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.stop());

  const get = (path: string, host: string | undefined, token = false) =>
    sendRaw(server.url, [
      `GET ${path} HTTP/1.1`,
      ...(host === undefined ? [] : [`Host: ${host}`]),
      ...(token ? [`Authorization: Bearer ${testToken}`] : []),
    ]);

  it.each(["127.0.0.1", "localhost", "LOCALHOST", "[::1]", "skills.example.org"])(
    "serves Host %s with the port",
    async (name) => {
      const answer = await get("/healthz", `${name}:${port}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ ok: true });
    },
  );

  it.each([
    ["a rebinding name", (p: number) => `attacker.example:${p}`],
    ["an allowed name on another port", (p: number) => `skills.example.org:${p + 1}`],
    ["localhost without the port", () => "localhost"],
    ["a name that only ends like an allowed one", (p: number) => `evilskills.example.org:${p}`],
  ])("answers %s with 421 and no body, on every route", async (_, hostOf) => {
    for (const [path, token] of [
      ["/healthz", false],
      ["/", false],
      ["/api/skills", true],
      ["/api/skills", false],
    ] as const) {
      const answer = await get(path, hostOf(port), token);
      expect(answer.status).toBe(421);
      expect(answer.body).toBe("");
      expect(answer.headers["content-length"] ?? "0").toBe("0");
    }
  });

  it("answers a request without a Host with 421", async () => {
    const answer = await sendRaw(server.url, ["GET /healthz HTTP/1.0"]);
    expect(answer.status).toBe(421);
  });
});

describe("isServedHost", () => {
  const names = servedNames("0.0.0.0", ["Skills.Example.org", "proxy.example:8443"]);
  it.each([
    ["0.0.0.0:4747", true],
    ["skills.example.org:4747", true],
    ["proxy.example:8443", true],
    ["proxy.example:4747", false],
    ["[::1]:4747", true],
    ["::1:4747", false],
    ["127.0.0.1:4747:1", false],
    ["127.0.0.1:04747", true],
    ["", false],
  ])("%j on port 4747 -> %s", (host, served) => {
    expect(isServedHost(host, names, 4747)).toBe(served);
  });

  it("accepts a bare name only on port 80", () => {
    expect(isServedHost("localhost", names, 80)).toBe(true);
    expect(isServedHost("localhost", names, 4747)).toBe(false);
  });

  it("serves an IPv6 bound host in brackets", () => {
    expect(isServedHost("[fd00::5]:9000", servedNames("fd00::5", []), 9000)).toBe(true);
  });
});
