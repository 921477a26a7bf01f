// No answer of the HTTP API hands a remote reader a place on the server: a
// skill's path is given below its root (`<id>/SKILL.md`), its root named by
// `origin` alone, in the catalog, a skill's view and an import's answer,
// and the server's temporary directory appears in none of them. The server
// is real, on 127.0.0.1, with a builtin skill on disk and one imported as a
// tar over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tarOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  await writeSkill(server.roots.builtin, "house-style");
});
afterAll(() => server?.stop());

const get = (path: string): Promise<Response> =>
  fetch(`${server.url}${path}`, { headers: server.auth });

/** The answer's text, checked to name no directory of the server's. */
async function placeless(response: Response): Promise<string> {
  const text = await response.text();
  expect(text).not.toContain(server.dir);
  return text;
}

describe("paths in the HTTP API's answers", () => {
  it("gives an imported skill's path below the managed root", async () => {
    const response = await fetch(`${server.url}/api/imports`, {
      method: "POST",
      headers: { ...server.auth, "content-type": "application/x-tar" },
      body: tarOf("bundle", { "notes/SKILL.md": "# notes\n\nTakes notes.\n" }),
    });
    expect(response.status).toBe(201);
    const answer = JSON.parse(await placeless(response)) as { skills: { path: string }[] };
    expect(answer.skills.map((skill) => skill.path)).toEqual(["notes/SKILL.md"]);
  });

  it("lists and shows each skill by its path below its root, named by origin", async () => {
    const listed = await get("/api/skills");
    expect(listed.status).toBe(200);
    const catalog = JSON.parse(await placeless(listed)) as {
      skills: { id: string; origin: string; path: string }[];
    };
    expect(catalog.skills.map(({ id, origin, path }) => ({ id, origin, path }))).toEqual([
      { id: "house-style", origin: "builtin", path: "house-style/SKILL.md" },
      { id: "notes", origin: "managed", path: "notes/SKILL.md" },
    ]);
    for (const id of ["house-style", "notes"]) {
      const shown = await get(`/api/skills/${id}`);
      expect(shown.status).toBe(200);
      const body = (await bodyOf(shown)) as { skill: { path: string } };
      expect(body.skill.path).toBe(`${id}/SKILL.md`);
      expect(JSON.stringify(body)).not.toContain(server.dir);
    }
  });
});
