// The trust gate over real HTTP: a managed skill edited by hand after its
// import leaves GET /api/payload's skills for its refused list (drifted,
// with the file), GET /api/skills marks it withheld, allow_drift=1 lets it
// through, and POST /api/skills/:id/approve brings it back with the token's
// name recorded. A skill written into the managed root by hand is unapproved.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillFiles, tgzOf } from "./support/bodies.js";
import { bodyOf, startServer, type TestServer, writeSkill } from "./support/server.js";

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.stop());

const get = (path: string) => fetch(`${server.url}${path}`, { headers: server.auth });
const post = (path: string, body?: Uint8Array) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    ...(body === undefined
      ? { headers: server.auth }
      : { headers: { ...server.auth, "content-type": "application/gzip" }, body }),
  });
const ids = (body: { skills: { id: string }[] }) => body.skills.map((s) => s.id);

describe("the trust gate", () => {
  it("refuses a drifted skill in the payload until it is approved", async () => {
    const bundle = tgzOf("bundle", { ...skillFiles("alpha", { "a.md": "a\n" }) });
    expect((await post("/api/imports?name=bundle.tgz", bundle)).status).toBe(201);
    await writeFile(join(server.roots.managed, "alpha", "a.md"), "edited by hand\n");

    const refused = await bodyOf(await get("/api/payload"));
    expect(refused.skills).toEqual([]);
    expect(refused.refused).toMatchObject([
      { id: "alpha", code: "drifted", files: [{ path: "a.md", change: "modified" }] },
    ]);
    const listed = await bodyOf(await get("/api/skills"));
    expect(listed.withheld).toMatchObject([
      { id: "alpha", code: "drifted", message: expect.stringContaining("approve alpha") },
    ]);
    const allowed = await bodyOf(await get("/api/payload?allow_drift=1"));
    expect(ids(allowed)).toEqual(["alpha"]);

    const approved = await post("/api/skills/alpha/approve");
    expect(approved.status).toBe(200);
    expect(await bodyOf(approved)).toMatchObject({ approved: "alpha", by: "api-token" });
    const shown = await bodyOf(await get("/api/skills/alpha"));
    expect(shown.record).toMatchObject({ approved: { by: "api-token" } });
    const back = await bodyOf(await get("/api/payload"));
    expect(ids(back)).toEqual(["alpha"]);
    expect(back.refused).toEqual([]);
  });

  it("refuses a skill made by hand as unapproved, and approving an unknown id is 404", async () => {
    await writeSkill(server.roots.managed, "by-hand");
    const built = await bodyOf(await get("/api/payload"));
    expect(built.refused).toMatchObject([{ id: "by-hand", code: "unapproved" }]);
    expect((await post("/api/skills/by-hand/approve")).status).toBe(200);
    expect(ids(await bodyOf(await get("/api/payload")))).toEqual(["by-hand"]);
    const unknown = await post("/api/skills/nope/approve");
    expect(unknown.status).toBe(404);
    expect(await bodyOf(unknown)).toMatchObject({ refusal: { code: "unknown-skill" } });
  });
});
