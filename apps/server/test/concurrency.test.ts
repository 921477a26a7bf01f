// Imports at the same moment: of several bundles defining one id exactly one
// is installed (201) and the others are refused already-defined (409); the
// store then holds the winner's body. Distinct ids all go in.
import { afterEach, beforeEach, expect, it } from "vitest";
import { skillFiles, tgzOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.stop());

const importBundle = (bytes: Uint8Array): Promise<Response> =>
  fetch(`${server.url}/api/imports`, {
    method: "POST",
    headers: { ...server.auth, "content-type": "application/gzip" },
    body: bytes,
  });

it("installs one of several parallel imports of the same id and refuses the rest", async () => {
  const bundles = Array.from({ length: server.caps.maxConcurrentImports }, (_, i) =>
    tgzOf(`b${i}`, skillFiles("contested", { "version.md": `version ${i}\n` })),
  );
  const responses = await Promise.all(bundles.map(importBundle));
  const statuses = responses.map((r) => r.status).sort();
  expect(statuses).toEqual([201, ...Array(bundles.length - 1).fill(409)]);
  const winner = await bodyOf(responses.find((r) => r.status === 201)!);
  for (const loser of responses.filter((r) => r.status === 409)) {
    expect((await bodyOf(loser)).refusal.code).toBe("already-defined");
  }
  const shown = await bodyOf(
    await fetch(`${server.url}/api/skills/contested`, { headers: server.auth }),
  );
  expect(shown.skill.digest).toBe(winner.skills[0].digest);
});

it("installs parallel imports of distinct ids", async () => {
  const ids = ["one", "two", "three", "four"];
  const responses = await Promise.all(ids.map((id) => importBundle(tgzOf(id, skillFiles(id)))));
  expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  const list = await bodyOf(await fetch(`${server.url}/api/skills`, { headers: server.auth }));
  expect(list.skills.map((s: { id: string }) => s.id)).toEqual(["four", "one", "three", "two"]);
});
