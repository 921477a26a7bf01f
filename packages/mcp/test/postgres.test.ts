// @module-tag heavy
// The same server over the PostgreSQL store (a throwaway cluster on
// 127.0.0.1): skills imported by install() are listed with their recorded
// manifest and every file read matches its digest; a row's bytes changed
// behind the store's back are refused by name; and an install made through
// another connection reaches a Streamable HTTP session as list_changed,
// since PostgreSQL notifies every change.

import { join } from "node:path";
import {
  ErrorCode,
  ResourceListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { readBundle } from "@skillshelf/bundle-reader";
import { install } from "@skillshelf/skill-catalog";
import { openPostgresStore, type PostgresStore } from "@skillshelf/store-postgres";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { skillSourceOf } from "../src/index.js";
import { httpClient, serveHttp } from "./support/clients.js";
import { errorOf, listAllSkills, readVerified } from "./support/protocol.js";
import { managedFiles } from "./support/shelf.js";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

async function openStore(url: string): Promise<PostgresStore> {
  const opened = await openPostgresStore(url);
  if (!opened.ok) throw new Error(opened.refusal.detail);
  onTestFinished(() => opened.store.close());
  return opened.store;
}

/** A fresh database holding the test bundle's managed skills; its URL, builtin root and store. */
async function importedShelf() {
  const url = cluster.createDatabase();
  const store = await openStore(url);
  const dir = makeTempDir("skillshelf-mcp-pg-");
  const builtin = join(dir, "workspace", "skills");
  for (const [id, files] of Object.entries(managedFiles)) writeTree(join(dir, "bundle", id), files);
  const read = await readBundle({ kind: "path", path: join(dir, "bundle") });
  if (!read.ok) throw new Error(read.refusal.code);
  expect(await install({ builtin, managed: store }, read.skills)).toMatchObject({ ok: true });
  return { url, builtin, store, database: new URL(url).pathname.slice(1) };
}

describe("served from the PostgreSQL store (needs PostgreSQL)", () => {
  it("lists the recorded manifests and reads every file to its digest", async () => {
    const { builtin, store } = await importedShelf();
    const client = await httpClient(await serveHttp(skillSourceOf({ builtin, managed: store })));
    const entries = await listAllSkills(client);
    expect(entries.map((e) => e.uri)).toEqual([
      "skill://git-flow/SKILL.md",
      "skill://pdf-tools/SKILL.md",
    ]);
    for (const entry of entries) {
      const id = entry.frontmatter.name as string;
      const read = await store.record(id);
      if (read.kind !== "record") throw new Error(`${id} has no record`);
      expect(entry.resources.map((r) => r.digest)).toEqual(
        read.record.tree.files.map((file) => `sha256:${file.sha256}`),
      );
      for (const resource of entry.resources) {
        const path = decodeURIComponent(resource.uri.slice(`skill://${id}/`.length));
        expect(await readVerified(client, resource)).toBe(managedFiles[id]![path]);
      }
    }
  });

  it("refuses a row changed behind the store's back, by name", async () => {
    const { builtin, store, database } = await importedShelf();
    const client = await httpClient(await serveHttp(skillSourceOf({ builtin, managed: store })));
    cluster.admin(
      "UPDATE skillshelf.files SET bytes = convert_to('INJECTED', 'UTF8') WHERE skill_id = 'pdf-tools' AND path = 'scripts/fill.py'",
      database,
    );
    const error = await errorOf(client.readResource({ uri: "skill://pdf-tools/scripts/fill.py" }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.data).toMatchObject({ code: "drifted" });
    expect(error.message).toContain("scripts/fill.py");
    expect(error.message).toContain("skillshelf approve pdf-tools");
    expect(JSON.stringify(error)).not.toContain("INJECTED");
  });

  it("tells a session of an install made through another connection", async () => {
    const { url, builtin, store } = await importedShelf();
    const client = await httpClient(
      await serveHttp(skillSourceOf({ builtin, managed: store }), { sessions: true }),
    );
    let notified = false;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      notified = true;
    });
    const other = await openStore(url);
    for (let attempt = 0; !notified && attempt < 20; attempt++) {
      const folder = writeTree(join(makeTempDir(), `late-${attempt}`), {
        "SKILL.md": `---\nname: late-${attempt}\ndescription: Imported elsewhere\n---\n`,
      });
      const read = await readBundle({ kind: "path", path: folder });
      if (!read.ok) throw new Error(read.refusal.code);
      expect(await install({ builtin, managed: other }, read.skills)).toMatchObject({ ok: true });
      for (let wait = 0; !notified && wait < 20; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    expect(notified).toBe(true);
    expect((await listAllSkills(client)).map((e) => e.uri)).toContain("skill://late-0/SKILL.md");
  });
});
