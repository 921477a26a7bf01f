// Pages and changes: skills/list, resources/list and a directory read walked
// page by page with the cursors the server gives (a page boundary survives a
// skill added in between), and a change of the store (an install, a
// removal) reaching a connected client as notifications/resources/list_changed,
// in process and over a Streamable HTTP session.
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { readBundle } from "@skillshelf/bundle-reader";
import { install, remove } from "@skillshelf/skill-catalog";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it, onTestFinished } from "vitest";
import type { z } from "zod";
import { createSkillsServer, type SkillSource, skillSourceOf } from "../src/index.js";
import { httpClient, serveHttp } from "./support/clients.js";
import { DirectoryRead, SkillsList } from "./support/protocol.js";
import { makeShelf, type Shelf } from "./support/shelf.js";

async function inMemoryClient(source: SkillSource, pageSize?: number): Promise<Client> {
  const server = createSkillsServer(source, pageSize === undefined ? {} : { pageSize });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "skillshelf-test", version: "0.0.0" });
  await client.connect(clientSide);
  onTestFinished(() => client.close());
  return client;
}

/** Imports one more skill `id` into the shelf's managed store. */
async function importSkill(shelf: Shelf, id: string): Promise<void> {
  const folder = writeTree(join(makeTempDir(), id), {
    "SKILL.md": `---\nname: ${id}\ndescription: Added later\n---\n`,
  });
  const read = await readBundle({ kind: "path", path: folder });
  if (!read.ok) throw new Error(read.refusal.code);
  expect(
    await install({ builtin: shelf.builtin, managed: shelf.managed }, read.skills),
  ).toMatchObject({
    ok: true,
  });
}

/** Resolves on the next list_changed notification the client receives. */
function nextListChanged(client: Client): Promise<void> {
  return new Promise((resolve) => {
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve());
  });
}

describe("pagination", () => {
  it("walks skills/list one skill a page, a skill added mid-walk landing after the cursor", async () => {
    const shelf = await makeShelf();
    const client = await inMemoryClient(skillSourceOf(shelf), 1);
    const first = await client.request({ method: "skills/list", params: {} }, SkillsList);
    expect(first.skills.map((s) => s.frontmatter.name)).toEqual(["git-flow"]);
    await importSkill(shelf, "aaa-first");
    await importSkill(shelf, "zz-last");
    const seen = [...first.skills.map((s) => s.frontmatter.name)];
    let cursor = first.nextCursor;
    while (cursor !== undefined) {
      const page = await client.request({ method: "skills/list", params: { cursor } }, SkillsList);
      expect(page.skills).toHaveLength(1);
      seen.push(...page.skills.map((s) => s.frontmatter.name));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(["git-flow", "house-style", "pdf-tools", "zz-last"]);
  });

  it("walks resources/list and a directory read page by page", async () => {
    const shelf = await makeShelf();
    const client = await inMemoryClient(skillSourceOf(shelf), 2);
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(uris).toEqual([
      "skill://git-flow/SKILL.md",
      "skill://house-style/SKILL.md",
      "skill://pdf-tools/SKILL.md",
    ]);
    const names: string[] = [];
    do {
      const page: z.infer<typeof DirectoryRead> = await client.request(
        {
          method: "resources/directory/read",
          params: { uri: "skill://pdf-tools", ...(cursor === undefined ? {} : { cursor }) },
        },
        DirectoryRead,
      );
      expect(page.resources.length).toBeLessThanOrEqual(2);
      names.push(...page.resources.map((r) => r.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual([
      "SKILL.md",
      "données",
      "notes with space.txt",
      "references",
      "scripts",
      "templates",
    ]);
  });
});

describe("live updates", () => {
  it("tells an in-process client of an install and of a removal", async () => {
    const shelf = await makeShelf();
    const client = await inMemoryClient(skillSourceOf(shelf));
    let changed = nextListChanged(client);
    await importSkill(shelf, "fresh");
    await changed;
    const listed = await client.request({ method: "skills/list", params: {} }, SkillsList);
    expect(listed.skills.map((s) => s.frontmatter.name)).toContain("fresh");
    changed = nextListChanged(client);
    expect(await remove({ builtin: shelf.builtin, managed: shelf.managed }, "fresh")).toMatchObject(
      {
        ok: true,
      },
    );
    await changed;
  });

  it("tells a client of a Streamable HTTP session of an install", async () => {
    const shelf = await makeShelf();
    const client = await httpClient(await serveHttp(skillSourceOf(shelf), { sessions: true }));
    let notified = false;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      notified = true;
    });
    // The client opens its notification stream (GET) on its own after initialize:
    // install until a notice arrives, so the test does not race that stream's start.
    for (let attempt = 0; !notified && attempt < 20; attempt++) {
      await importSkill(shelf, attempt === 0 ? "fresh" : `fresh-${attempt}`);
      for (let wait = 0; !notified && wait < 10; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    expect(notified).toBe(true);
    const listed = await client.request({ method: "skills/list", params: {} }, SkillsList);
    expect(listed.skills.map((s) => s.frontmatter.name)).toContain("fresh");
  });
});
