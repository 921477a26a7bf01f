// The API over real HTTP: the catalog, one skill, removal, the payload and
// limits, and imports of a tar, a tar.gz, a zip (typed, or sniffed) and a form, with replace and dry run.

import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { limits, message } from "@skillshelf/contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formOf, skillFiles, tarOf, tgzOf, uploadsOf, zipOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
  await writeSkill(server.roots.builtin, "house-style", { "references/tone.md": "Be brief.\n" });
});
afterEach(() => server.stop());

const get = (path: string) => fetch(`${server.url}${path}`, { headers: server.auth });
const post = (path: string, body: RequestInit["body"], type?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: type === undefined ? server.auth : { ...server.auth, "content-type": type },
    body,
  });

describe("catalog", () => {
  it("lists offered skills with the revision, and refused ones with reasons", async () => {
    await writeSkill(server.roots.managed, "Bad_Name");
    const response = await get("/api/skills");
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.skills.map((s: { id: string; origin: string }) => [s.id, s.origin])).toEqual([
      ["house-style", "builtin"],
    ]);
    expect(body.skills[0]).toMatchObject({
      bytes: expect.any(Number),
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(body.revision).toMatch(/^[0-9a-f]{64}$/);
    expect(body.refused).toEqual([
      expect.objectContaining({ id: "Bad_Name", code: "invalid-id", reason: expect.any(String) }),
    ]);
  });

  it("names a refused stored skill's place below its root, never a server path, worded as asked", async () => {
    await writeSkill(server.roots.managed, "house-style");
    await mkdir(join(server.roots.managed, "linked"));
    await writeFile(join(server.roots.managed, "target.md"), "# linked\n");
    await symlink(
      join(server.roots.managed, "target.md"),
      join(server.roots.managed, "linked", "SKILL.md"),
    );
    const body = await bodyOf(await get("/api/skills"));
    const [twice, linked] = body.refused;
    expect(linked).toMatchObject({
      id: "linked",
      code: "link",
      origin: "managed",
      path: "linked/SKILL.md",
    });
    expect(linked.message).toContain("'linked/SKILL.md' is a symbolic link");
    const one = await bodyOf(await get("/api/skills/linked"));
    expect(one.refusal).toMatchObject({ code: "link", path: "linked/SKILL.md" });
    expect(JSON.stringify(one)).not.toContain(server.roots.managed);
    expect(twice).toMatchObject({ id: "house-style", code: "defined-twice", skill: "house-style" });
    expect(twice.message).toBe(
      "The skill 'house-style' is defined twice: in the builtin root and in the managed store; the order of the roots is never precedence, so remove or rename one of them.",
    );
    expect(twice.reason).toBe(twice.message);
    for (const root of [server.roots.builtin, server.roots.managed]) {
      expect(JSON.stringify(body.refused)).not.toContain(root);
    }
  });

  it("shows one skill with its file list, sizes formatted, and no texts", async () => {
    const response = await get("/api/skills/house-style");
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.skill).toMatchObject({ id: "house-style", origin: "builtin", size: "33 B" });
    expect(body.text).toBeUndefined();
    expect(body.files).toEqual([
      { path: "SKILL.md", bytes: 33, size: "33 B", executable: false },
      { path: "references/tone.md", bytes: 10, size: "10 B", executable: false },
    ]);
  });

  it("answers an unknown skill with the unknown-skill refusal", async () => {
    const response = await get("/api/skills/nope");
    expect(response.status).toBe(404);
    const body = await bodyOf(response);
    expect(body.refusal).toEqual({ code: "unknown-skill", skill: "nope" });
    expect(body.message).toBe(message(body.refusal, "http"));
  });

  it("never removes a builtin skill, removes a managed one, and says so for an unknown one", async () => {
    await writeSkill(server.roots.managed, "scratch");
    const builtin = await fetch(`${server.url}/api/skills/house-style`, {
      method: "DELETE",
      headers: server.auth,
    });
    expect(builtin.status).toBe(409);
    expect((await bodyOf(builtin)).refusal.code).toBe("builtin-skill");
    const managed = await fetch(`${server.url}/api/skills/scratch`, {
      method: "DELETE",
      headers: server.auth,
    });
    expect(managed.status).toBe(200);
    expect(await bodyOf(managed)).toEqual({ removed: "scratch" });
    const again = await fetch(`${server.url}/api/skills/scratch`, {
      method: "DELETE",
      headers: server.auth,
    });
    expect(again.status).toBe(404);
    expect((await bodyOf(again)).refusal.code).toBe("unknown-skill");
  });

  it("hands out the payload and the limits", async () => {
    const payload = await bodyOf(await get("/api/payload"));
    expect(payload.skills.map((s: { id: string }) => s.id)).toEqual(["house-style"]);
    expect(payload.revision).toMatch(/^[0-9a-f]{64}$/);
    const caps = await bodyOf(await get("/api/limits"));
    expect(caps).toMatchObject({ ...limits(), maxConcurrentImports: 4 });
  });
});

describe("imports", () => {
  it.each([
    ["tar", () => tarOf("bundle", skillFiles("alpha", { "notes.md": "n\n" })), "application/x-tar"],
    [
      "tar.gz",
      () => tgzOf("bundle", skillFiles("alpha", { "notes.md": "n\n" })),
      "application/gzip",
    ],
    [
      "octet-stream",
      () => tgzOf("bundle", skillFiles("alpha", { "notes.md": "n\n" })),
      "application/octet-stream",
    ],
    ["zip", () => zipOf("bundle", skillFiles("alpha", { "notes.md": "n\n" })), "application/zip"],
    [
      "zip sent as octet-stream (sniffed)",
      () => zipOf("bundle", skillFiles("alpha", { "notes.md": "n\n" })),
      "application/octet-stream",
    ],
  ])("installs a %s body with 201 and the installed skills", async (_name, make, type) => {
    const response = await post("/api/imports", make(), type);
    expect(response.status).toBe(201);
    const body = await bodyOf(response);
    expect(body.skills).toEqual([
      {
        id: "alpha",
        replaced: false,
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        path: expect.stringContaining("alpha"),
        treeDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
        files: [
          { path: "SKILL.md", bytes: 21, executable: false },
          { path: "notes.md", bytes: 2, executable: false },
        ],
        signature: { status: "unsigned" },
      },
    ]);
    const list = await bodyOf(await get("/api/skills"));
    expect(list.skills.map((s: { id: string }) => s.id)).toEqual(["alpha", "house-style"]);
  });

  it("installs a form of files by their client-relative paths", async () => {
    const form = formOf(uploadsOf("picked", skillFiles("beta", { "a/b.md": "deep\n" })));
    const response = await post("/api/imports", form);
    expect(response.status).toBe(201);
    const body = await bodyOf(response);
    expect(body.skills[0].files.map((f: { path: string }) => f.path)).toEqual([
      "SKILL.md",
      "a/b.md",
    ]);
  });

  it("takes the part's file name as its path when no path field precedes it", async () => {
    const form = new FormData();
    for (const file of uploadsOf("picked", skillFiles("gamma"))) {
      form.append("file", new Blob([file.bytes]), file.path);
    }
    const response = await post("/api/imports", form);
    expect(response.status).toBe(201);
    expect((await bodyOf(response)).skills[0].id).toBe("gamma");
  });

  it("names a single-skill archive by the name parameter", async () => {
    const bare = tarOf("solo", { "SKILL.md": "# solo\n\nDoes solo.\n" });
    // The wrapper "solo/" is removed, leaving SKILL.md at the root; the name is not needed.
    expect((await post("/api/imports?dry_run=1", bare, "application/x-tar")).status).toBe(200);
  });

  it("checks without writing on dry_run, and refuses a second import without replace", async () => {
    const bundle = tgzOf("bundle", skillFiles("delta"));
    const dry = await post("/api/imports?dry_run=1", bundle, "application/gzip");
    expect(dry.status).toBe(200);
    expect((await bodyOf(dry)).skills.map((s: { id: string }) => s.id)).toEqual(["delta"]);
    expect((await bodyOf(await get("/api/skills"))).skills).toHaveLength(1);

    expect((await post("/api/imports", bundle, "application/gzip")).status).toBe(201);
    const twice = await post("/api/imports", bundle, "application/gzip");
    expect(twice.status).toBe(409);
    const refusal = await bodyOf(twice);
    expect(refusal.refusal.code).toBe("already-defined");
    expect(refusal.message).toBe(message(refusal.refusal, "http"));
    expect(refusal.message).toContain("import with replace=1");
    // Where the clash lies is named by its root: an HTTP client is shown no server path.
    expect(refusal.refusal).toEqual({ code: "already-defined", skill: "delta", origin: "managed" });
    expect(refusal.message).toContain("'delta' is already defined in the managed store;");
    expect(JSON.stringify(refusal)).not.toContain(server.roots.managed);

    const forConsole = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: {
        ...server.auth,
        "content-type": "application/gzip",
        "skillshelf-wording": "console",
      },
      body: bundle,
    });
    const worded = await bodyOf(forConsole);
    expect(worded.message).toBe(message(worded.refusal, "console"));
    expect(worded.message).toContain("tick 'replace managed skills with the same id'");
    expect(JSON.stringify(worded)).not.toContain(server.roots.managed);

    const replaced = await post("/api/imports?replace=1", bundle, "application/gzip");
    expect(replaced.status).toBe(201);
    expect((await bodyOf(replaced)).skills[0].replaced).toBe(true);
  });

  it("installs all of a bundle or nothing", async () => {
    const files = { ...skillFiles("epsilon"), ...skillFiles("house-style") };
    const response = await post("/api/imports", tarOf("bundle", files), "application/x-tar");
    expect(response.status).toBe(409);
    expect((await bodyOf(response)).refusal.code).toBe("already-defined");
    const list = await bodyOf(await get("/api/skills"));
    expect(list.skills.map((s: { id: string }) => s.id)).toEqual(["house-style"]);
  });

  it("refuses bytes that are no archive, and a form with nothing in it", async () => {
    const json = await post("/api/imports", JSON.stringify({ a: 1 }), "application/json");
    expect(json.status).toBe(422);
    expect((await bodyOf(json)).refusal.code).toBe("not-an-archive");
    const empty = await post("/api/imports", new FormData());
    expect(empty.status).toBe(422);
    expect((await bodyOf(empty)).refusal.code).toBe("no-skills");
  });

  it("refuses a bad query before reading the body", async () => {
    const response = await post(
      "/api/imports?replace=yes",
      tarOf("b", skillFiles("zeta")),
      "application/x-tar",
    );
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.refusal).toEqual({ code: "bad-query", detail: "replace" });
    expect(body.message).toMatch(/^The query is not understood \(replace\); use replace=1/);
  });
});

describe("a skill the catalog refuses", () => {
  it("answers with the catalog's code and reason", async () => {
    await writeSkill(server.roots.managed, "mislabeled");
    const { writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    await writeFile(join(server.roots.managed, "mislabeled", "SKILL.md"), "# something-else\n");
    const response = await get("/api/skills/mislabeled");
    expect(response.status).toBe(422);
    const body = await bodyOf(response);
    expect(body.refusal).toMatchObject({
      code: "identity-mismatch",
      skill: "mislabeled",
      origin: "managed",
    });
    // The same sentence the list gives for the same directory, from the one table.
    const list = await bodyOf(await get("/api/skills"));
    const listed = list.refused.find((r: { id: string }) => r.id === "mislabeled");
    expect(body.message).toBe(listed.message);
    expect(body.message).toContain("declares the id 'something-else'");
  });
});

describe("a stored skill with a file that is not text", () => {
  it("is viewable: the image is listed as binary and served as bytes", async () => {
    const { writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    await writeSkill(server.roots.builtin, "with-image");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);
    await writeFile(join(server.roots.builtin, "with-image", "logo.png"), png);
    const response = await get("/api/skills/with-image");
    expect(response.status).toBe(200);
    const body = await bodyOf(response);
    expect(body.files).toEqual([
      { path: "SKILL.md", bytes: 31, executable: false, size: "31 B" },
      { path: "logo.png", bytes: 10, executable: false, binary: true, size: "10 B" },
    ]);
    expect(body.skill.treeDigest).toMatch(/^[0-9a-f]{64}$/);
    const image = await get("/api/skills/with-image/files/logo.png");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("application/octet-stream");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
  });
});
