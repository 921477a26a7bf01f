// The console's page and assets, and the headers every answer carries: a
// strict policy, no sniffing, no referrer, no framing, and no inline script
// or external resource in the page itself.
import { readdir, readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../src/security-headers.js";
import { startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("console assets", () => {
  it.each([
    ["/", "text/html"],
    ["/console.js", "text/javascript"],
    ["/api.js", "text/javascript"],
    ["/upload.js", "text/javascript"],
    ["/choose.js", "text/javascript"],
    ["/console.css", "text/css"],
    ["/favicon.svg", "image/svg+xml"],
  ])("serves %s as %s", async (path, type) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(type);
  });

  it("serves nothing else from disk", async () => {
    for (const path of [
      "/index.html",
      "/../package.json",
      "/public/console.js",
      "/%2e%2e/src/app.ts",
    ]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
  });

  it("has no inline script, no inline handler and no external resource", async () => {
    const html = await readFile(new URL("../public/index.html", import.meta.url), "utf8");
    const names = (await readdir(new URL("../public/", import.meta.url))).filter((name) =>
      name.endsWith(".js"),
    );
    expect(names).toContain("console.js");
    const scripts = await Promise.all(
      names.map((name) => readFile(new URL(`../public/${name}`, import.meta.url), "utf8")),
    );
    const script = scripts.join("\n");
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(script).not.toMatch(/https?:\/\//);
  });
});

describe("security headers", () => {
  it.each(["/", "/healthz", "/api/skills", "/nowhere"])("%s carries the policy", async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: server.auth });
    expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(contentSecurityPolicy).toContain("default-src 'self'");
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy).not.toContain("unsafe-inline");
  });

  it("marks API answers no-store", async () => {
    const response = await fetch(`${server.url}/api/skills`, { headers: server.auth });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
