// GET /api/skills/:id/files/<path> over real HTTP: one file of a stored
// skill, streamed as UTF-8 text with nosniff, exactly its bytes; a path the
// skill's listing does not hold (traversal, a link, an absent file, an
// encoded slash) is 404 in the server's one error shape, and reads nothing.
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await writeSkill(server.roots.managed, "tools", {
    "scripts/run.sh": "#!/bin/sh\necho 'café'\n",
    "references/deep/notes.md": "<b>not markup</b>\n",
    "empty.md": "",
  });
  await chmod(join(server.roots.managed, "tools", "scripts/run.sh"), 0o755);
  await writeFile(join(server.dir, "secret.txt"), "outside the store\n");
  await writeSkill(server.roots.builtin, "linked");
  await symlink(join(server.dir, "secret.txt"), join(server.roots.builtin, "linked", "leak.md"));
});
afterAll(() => server.stop());

const get = (path: string) => fetch(`${server.url}${path}`, { headers: server.auth });

describe("GET /api/skills/:id/files/<path>", () => {
  it.each([
    ["SKILL.md", "# tools\n\nDoes tools.\n"],
    ["scripts/run.sh", "#!/bin/sh\necho 'café'\n"],
    ["references/deep/notes.md", "<b>not markup</b>\n"],
    ["empty.md", ""],
  ])("streams %s as UTF-8 text, not sniffed", async (path, text) => {
    const response = await get(`/api/skills/tools/files/${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(await response.text()).toBe(text);
  });

  it("lists the executable bit beside each file", async () => {
    const body = await bodyOf(await get("/api/skills/tools"));
    expect(body.files).toContainEqual({
      path: "scripts/run.sh",
      bytes: 23,
      size: "23 B",
      executable: true,
    });
  });

  it.each([
    "nope.md",
    "../SKILL.md",
    "%2e%2e/%2e%2e/secret.txt",
    "..%2f..%2fsecret.txt",
    "scripts%2f..%2f..%2f..%2fsecret.txt",
    "references",
    "references/",
    "skill.md",
  ])("answers 404 for %s", async (path) => {
    const response = await get(`/api/skills/tools/files/${path}`);
    expect(response.status).toBe(404);
    const body = await bodyOf(response);
    expect(body.message).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toContain("outside the store");
  });

  it("never follows a link out of the skill", async () => {
    const response = await get("/api/skills/linked/files/leak.md");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("outside the store");
  });

  it("answers an unknown skill with the unknown-skill refusal", async () => {
    const response = await get("/api/skills/absent/files/SKILL.md");
    expect(response.status).toBe(404);
    expect((await bodyOf(response)).refusal).toEqual({ code: "unknown-skill", skill: "absent" });
  });

  it("needs the token", async () => {
    const response = await fetch(`${server.url}/api/skills/tools/files/SKILL.md`);
    expect(response.status).toBe(401);
  });

  it("serves a file added after start, and not one removed", async () => {
    await mkdir(join(server.roots.managed, "tools", "later"), { recursive: true });
    await writeFile(join(server.roots.managed, "tools", "later", "new.md"), "new\n");
    expect(await (await get("/api/skills/tools/files/later/new.md")).text()).toBe("new\n");
  });
});
