// A dry run finds whatever the import would, short of writing: on a store
// that cannot be written, dry_run=1 and the import agree on store-failed; on
// a store whose offered bodies would pass the payload bound, both answer
// payload-too-large with the figures.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { skillFiles, tarOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer } from "./support/server.js";

const post = (server: TestServer, query: string, body: Uint8Array) =>
  fetch(`${server.url}/api/imports${query}`, {
    method: "POST",
    headers: { ...server.auth, "content-type": "application/x-tar" },
    body,
  });

it("agrees with the import on a store that cannot be written", async () => {
  const server = await startServer();
  // The managed root lies below a regular file: nothing can be created there.
  await writeFile(join(server.dir, "blocked"), "a file where the data directory should be");
  await server.app.close();
  const blocked = await startServer({ managedDir: join(server.dir, "blocked", "skills") });
  try {
    const bundle = tarOf("b", skillFiles("alpha"));
    const dry = await post(blocked, "?dry_run=1", bundle);
    const real = await post(blocked, "", bundle);
    expect(dry.status).toBe(500);
    expect(real.status).toBe(500);
    const [dryBody, realBody] = [await bodyOf(dry), await bodyOf(real)];
    expect(dryBody.refusal.code).toBe("store-failed");
    expect(realBody.refusal.code).toBe("store-failed");
  } finally {
    await blocked.stop();
    await server.stop();
  }
});

it("agrees with the import on bodies that would pass the payload bound", async () => {
  const server = await startServer();
  try {
    const body = "x".repeat(200_000);
    for (let i = 0; i < 10; i++) {
      await mkdir(join(server.roots.builtin, `big-${i}`), { recursive: true });
      await writeFile(join(server.roots.builtin, `big-${i}`, "SKILL.md"), `# big-${i}\n${body}\n`);
    }
    const bundle = tarOf("b", { "one-more/SKILL.md": `# one-more\n${body}\n` });
    const dry = await post(server, "?dry_run=1", bundle);
    const real = await post(server, "", bundle);
    expect(dry.status).toBe(real.status);
    const [dryBody, realBody] = [await bodyOf(dry), await bodyOf(real)];
    expect(realBody.refusal).toMatchObject({ code: "payload-too-large", limit: 2_097_152 });
    expect(dryBody).toEqual(realBody);
    expect(realBody.message).toContain("2,200,");
    const listed = await bodyOf(await fetch(`${server.url}/api/skills`, { headers: server.auth }));
    expect(listed.payload).toEqual({ bytes: 10 * (body.length + 9), limit: 2_097_152 });
  } finally {
    await server.stop();
  }
});
