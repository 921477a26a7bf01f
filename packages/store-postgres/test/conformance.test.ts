// @module-tag heavy
// Every conformance case the reader accepts is a bundle the PostgreSQL store
// must hold exactly as written, as skill-catalog's conformance test holds the
// directory store to it: install the case, then the catalog offers each skill
// and every stored file has the bytes and the executable bit it was read with.
// One database serves the run; each case removes what it installed.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import { archiveSourceOf, buildInput, type Case, cases, formsOf } from "@skillshelf/conformance";
import {
  catalog,
  install,
  type ManagedStore,
  readStoredFile,
  remove,
} from "@skillshelf/skill-catalog";
import { type Cluster, startCluster } from "@skillshelf/test-postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgresStore } from "../src/index.js";

/** Cases of thousands of entries are covered by the reader's suites; here they only cost time. */
const isLight = (c: Case): boolean => c.entries.length <= 1_000;
const storable = cases.filter((c) => c.verdict.ok && isLight(c) && formsOf(c).includes("tar"));

let cluster: Cluster;
let store: ManagedStore;
let scratch: string;
beforeAll(async () => {
  cluster = await startCluster();
  const opened = await openPostgresStore(cluster.createDatabase());
  if (!opened.ok) throw new Error(opened.refusal.detail);
  store = opened.store;
  scratch = await mkdtemp(join(tmpdir(), "skillshelf-pg-conformance-"));
});
afterAll(async () => {
  await store?.close();
  await cluster?.stop();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

it.each(storable.map((c) => ({ name: c.name, case: c })))(
  "$name: installs exactly as read",
  async ({ case: c }) => {
    const input = await buildInput(c, "tar", await mkdtemp(join(scratch, "case-")));
    const read = await readBundle(archiveSourceOf(input), c.options);
    if (!read.ok) throw new Error(`the reader refused an accepted case: ${read.refusal.code}`);

    const roots = { builtin: join(scratch, "no-builtin-root"), managed: store };
    expect(await install(roots, read.skills)).toMatchObject({ ok: true });
    try {
      const offered = await catalog(roots);
      expect(offered.refused).toEqual([]);
      expect(offered.skills.map((s) => s.id)).toEqual(read.skills.map((s) => s.name).sort());
      for (const skill of read.skills) {
        for (const file of skill.files) {
          const stored = await readStoredFile(roots, skill.name, file.path);
          if (!stored.ok) throw new Error(`${skill.name}/${file.path}: ${stored.refusal.code}`);
          expect(Buffer.from(stored.bytes).equals(Buffer.from(file.bytes))).toBe(true);
          expect(stored.file.executable).toBe(file.executable);
        }
      }
    } finally {
      for (const skill of read.skills) await remove(roots, skill.name);
    }
  },
);
