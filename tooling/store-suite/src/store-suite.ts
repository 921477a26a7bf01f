// One suite for every managed store: the catalog, the destination, records,
// verify and update, run over a store through the public calls (the
// catalog's, and the shelf's import flow and update), so each implementation
// is held to the same promises (test/directory.test.ts, test/postgres.test.ts).
// An implementation gives a fresh store with a builtin directory, and ways
// to change it behind the tool's back (a hand edit, a skill planted without
// a record), which is what drift means for it.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readBundle, type Skill, skillFileOf } from "@skillshelf/bundle-reader";
import { MAX_PAYLOAD_BYTES, message } from "@skillshelf/contract";
import { type Shelf, shelfOver } from "@skillshelf/shelf";
import {
  applySet,
  catalog,
  check,
  describeSkill,
  install,
  listSkills,
  load,
  type ManagedStore,
  readStoredFile,
  remove,
  revisionOf,
  type StoreChange,
  treeOf,
  usableRecord,
  verify,
} from "@skillshelf/skill-catalog";
import { describe, expect, it, onTestFinished } from "vitest";

/** A hand change to one stored skill's files, made behind the tool's back. */
export type Tamper =
  | { kind: "modify"; path: string; bytes: Uint8Array }
  | { kind: "add"; path: string; bytes: Uint8Array }
  | { kind: "remove"; path: string }
  | { kind: "chmod"; path: string; executable: boolean };

/** One fresh store under test, with what the suite may do to it. */
export type StoreUnderTest = {
  store: ManagedStore;
  /** An empty builtin root (a directory that exists). */
  builtin: string;
  /** Changes a stored skill's files without the tool. */
  tamper(id: string, change: Tamper): Promise<void>;
  /** Stores a skill with no record, as a skill installed by hand would be. */
  plant(id: string, files: Record<string, string>): Promise<void>;
};

/** How an implementation makes a fresh store for each test; it cleans up after the test. */
export type MakeStore = () => Promise<StoreUnderTest>;

const bytes = (text: string): Uint8Array => Buffer.from(text, "utf8");

/** A skill as the reader would return it, from a map of path to text. */
export function skillOf(
  id: string,
  files: Record<string, string> = {},
  executable: string[] = [],
): Skill {
  const all: Record<string, string> = { "SKILL.md": `# ${id}\n\nDoes ${id}.\n`, ...files };
  return {
    name: id,
    files: Object.keys(all)
      .sort()
      .map((path) => skillFileOf(path, bytes(all[path]!), executable.includes(path))),
  };
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "skillshelf-store-suite-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes a source folder `<dir>/<id>/...` the way an author would, for update. */
async function writeSource(dir: string, id: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries({ "SKILL.md": `# ${id}\n\nDoes ${id}.\n`, ...files })) {
    await mkdir(join(dir, id, path, ".."), { recursive: true });
    await writeFile(join(dir, id, path), text);
  }
}

const TOOL = "store-suite 1";

/** The files `alpha` holds now, as the store answers them. */
async function store(roots: { managed: ManagedStore }): Promise<{ files: Skill["files"] }> {
  const files = await roots.managed.files("alpha");
  if (!files.ok) throw new Error("alpha is not stored");
  return {
    files: files.files.map((file) => skillFileOf(file.path, file.bytes, file.executable)),
  };
}

/** The shelf every surface calls, over `roots`. */
const shelfOf = (roots: { builtin: string; managed: ManagedStore }): Shelf =>
  shelfOver(roots, TOOL);

/** Imports the folder `source` as every surface does: through the shelf's import flow. */
const importFolder = (
  roots: { builtin: string; managed: ManagedStore },
  source: string,
  replace = false,
) => shelfOf(roots).import({ kind: "path", path: source }, { replace });

/** Re-imports from recorded sources, as `skillshelf update` does. */
const update = (
  roots: { builtin: string; managed: ManagedStore },
  ids: readonly string[] = [],
  options: { force?: boolean } = {},
) => shelfOf(roots).update(ids, options);

/** Declares the whole suite over the stores `make` gives. */
export function describeStoreSuite(name: string, make: MakeStore): void {
  describe(`managed store: ${name}`, () => {
    const open = async () => {
      const under = await make();
      return { ...under, roots: { builtin: under.builtin, managed: under.store } };
    };

    it("installs all or nothing, and the catalog over it has the revision of its ids and digests", async () => {
      const { roots } = await open();
      const refused = await install(roots, [skillOf("alpha"), skillOf("Bad")]);
      expect(refused).toMatchObject({ ok: false, refusal: { code: "invalid-id" } });
      expect((await catalog(roots)).skills).toEqual([]);
      const done = await install(roots, [skillOf("alpha"), skillOf("beta", { "ref/a.md": "a" })]);
      expect(done).toMatchObject({ ok: true, installed: [{ id: "alpha" }, { id: "beta" }] });
      const found = await catalog(roots);
      expect(found.skills.map((s) => [s.id, s.origin])).toEqual([
        ["alpha", "managed"],
        ["beta", "managed"],
      ]);
      expect(found.revision).toBe(revisionOf(found.skills));
      const loaded = await load(roots, "beta");
      expect(loaded).toMatchObject({
        ok: true,
        skill: { id: "beta", text: "# beta\n\nDoes beta.\n" },
      });
    });

    it("refuses an id already stored unless replacing, and replaces a skill whole", async () => {
      const { roots } = await open();
      await install(roots, [skillOf("alpha", { "old.md": "old" })]);
      const again = await install(roots, [skillOf("alpha")]);
      expect(again).toMatchObject({
        ok: false,
        refusal: { code: "already-defined", skill: "alpha" },
      });
      expect(await check(roots, [skillOf("alpha")])).toEqual(again);
      const replaced = await install(roots, [skillOf("alpha", { "new.md": "new" })], {
        replace: true,
      });
      expect(replaced).toMatchObject({ ok: true, installed: [{ id: "alpha", replaced: true }] });
      const files = await describeSkill(roots, "alpha");
      expect(files.ok && files.description.files.map((f) => f.path)).toEqual([
        "SKILL.md",
        "new.md",
      ]);
    });

    it("never writes a builtin id, and one namespace refuses an id in both roots", async () => {
      const { roots, builtin, plant } = await open();
      await mkdir(join(builtin, "shipped"), { recursive: true });
      await writeFile(join(builtin, "shipped", "SKILL.md"), "# shipped\n");
      const refused = await install(roots, [skillOf("shipped")], { replace: true });
      expect(refused).toMatchObject({
        ok: false,
        refusal: { code: "already-defined", skill: "shipped" },
      });
      await plant("shipped", { "SKILL.md": "# shipped\n" });
      const found = await catalog(roots);
      expect(found.skills).toEqual([]);
      expect(found.refused).toMatchObject([{ id: "shipped", code: "defined-twice" }]);
      expect(await load(roots, "shipped")).toEqual({ ok: false, refusal: found.refused[0] });
    });

    it("refuses an install that would take the offered bodies over the payload bound, and so does check", async () => {
      const { roots } = await open();
      const body = "x".repeat(200_000);
      const many = Array.from({ length: 11 }, (_, i) => skillOf(`big-${i}`));
      for (const skill of many) {
        skill.files = [skillFileOf("SKILL.md", bytes(`# ${skill.name}\n${body}\n`), false)];
      }
      expect(await install(roots, many.slice(0, 10))).toMatchObject({ ok: true });
      const over = await install(roots, many.slice(10));
      expect(over).toMatchObject({
        ok: false,
        refusal: { code: "payload-too-large", limit: MAX_PAYLOAD_BYTES },
      });
      if (!over.ok) expect(message(over.refusal)).toMatch(/bytes/);
      expect(await check(roots, many.slice(10))).toEqual(over);
      const { payload } = await listSkills(roots);
      expect(payload.bytes).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      expect(payload.bytes).toBeGreaterThan(10 * body.length);
    });

    it("removes a skill and its record; an absent id is unknown", async () => {
      const { roots, store } = await open();
      await install(roots, [skillOf("alpha")]);
      expect(await store.record("alpha")).toMatchObject({ kind: "record" });
      expect(await remove(roots, "alpha")).toEqual({ ok: true, id: "alpha" });
      expect(await store.record("alpha")).toEqual({ kind: "missing" });
      expect(await store.records()).toEqual([]);
      expect(await remove(roots, "alpha")).toMatchObject({
        ok: false,
        refusal: { code: "unknown-skill" },
      });
    });

    it("records the source, the tool, the time and the tree with its digest", async () => {
      const { roots, store } = await open();
      const dir = await tempDir();
      await writeSource(dir, "alpha", { "run.sh": "echo hi\n" });
      await chmod(join(dir, "alpha", "run.sh"), 0o755);
      const before = Date.now();
      expect(await importFolder(roots, join(dir, "alpha"))).toMatchObject({ ok: true });
      const stored = await store.record("alpha");
      if (stored.kind !== "record") throw new Error("alpha has no record");
      const { record } = stored;
      expect(record).toMatchObject({
        id: "alpha",
        source: { kind: "path", name: join(dir, "alpha") },
        tool: TOOL,
        tree: {
          files: [
            { path: "SKILL.md", executable: false, size: 21 },
            { path: "run.sh", executable: true, size: 8 },
          ],
        },
      });
      expect(Date.parse(record.installedAt)).toBeGreaterThanOrEqual(before - 1000);
      const read = await readBundle({ kind: "path", path: join(dir, "alpha") });
      expect(read.ok && record.tree).toEqual(read.ok && treeOf(read.skills[0]!.files));
      const listed = await listSkills(roots);
      expect(listed.records.get("alpha")).toEqual(record);
      const described = await describeSkill(roots, "alpha");
      expect(described).toMatchObject({
        ok: true,
        description: { treeDigest: record.tree.digest, record, verdict: { status: "unchanged" } },
      });
    });

    it("verify names each file modified, added, removed or whose mode changed", async () => {
      const { roots, tamper, plant } = await open();
      await install(roots, [
        skillOf("alpha", { "a.md": "a", "b.md": "b", "c.sh": "c", "d.md": "d" }),
        skillOf("steady"),
      ]);
      await plant("by-hand", { "SKILL.md": "# by-hand\n" });
      expect(await verify(roots, ["alpha", "steady"])).toMatchObject({
        ok: true,
        skills: [
          { id: "alpha", status: "unchanged" },
          { id: "steady", status: "unchanged" },
        ],
      });
      await tamper("alpha", { kind: "modify", path: "a.md", bytes: bytes("edited") });
      await tamper("alpha", { kind: "add", path: "e.md", bytes: bytes("new") });
      await tamper("alpha", { kind: "remove", path: "b.md" });
      await tamper("alpha", { kind: "chmod", path: "c.sh", executable: true });
      const verified = await verify(roots);
      expect(verified).toEqual({
        ok: true,
        skills: [
          expect.objectContaining({
            id: "alpha",
            status: "changed",
            files: [
              { path: "a.md", change: "modified" },
              { path: "b.md", change: "removed" },
              { path: "c.sh", change: "mode-changed" },
              { path: "e.md", change: "added" },
            ],
          }),
          expect.objectContaining({ id: "by-hand", status: "no-record" }),
          expect.objectContaining({ id: "steady", status: "unchanged" }),
        ],
      });
      expect(await verify(roots, ["nope"])).toMatchObject({
        ok: false,
        refusal: { code: "unknown-skill" },
      });
    });

    it("the payload refuses a drifted skill, naming each file, until it is approved or drift is allowed", async () => {
      const { roots, tamper } = await open();
      await install(roots, [
        skillOf("alpha", { "a.md": "a", "b.md": "b", "c.sh": "c" }),
        skillOf("steady"),
      ]);
      const shelf = shelfOf(roots);
      const before = await shelf.payload();
      expect(before.ok && before.payload.skills.map((s) => s.id)).toEqual(["alpha", "steady"]);
      await tamper("alpha", { kind: "modify", path: "a.md", bytes: bytes("edited") });
      await tamper("alpha", { kind: "add", path: "e.md", bytes: bytes("new") });
      await tamper("alpha", { kind: "remove", path: "b.md" });
      await tamper("alpha", { kind: "chmod", path: "c.sh", executable: true });
      const files = [
        { path: "a.md", change: "modified" },
        { path: "b.md", change: "removed" },
        { path: "c.sh", change: "mode-changed" },
        { path: "e.md", change: "added" },
      ];
      const refused = await shelf.payload();
      if (!refused.ok) throw new Error(message(refused.refusal));
      expect(refused.payload.skills.map((s) => s.id)).toEqual(["steady"]);
      expect(refused.payload.refused).toEqual([
        { id: "alpha", code: "drifted", reason: expect.stringContaining("'a.md' modified"), files },
      ]);
      expect(refused.payload.refused[0]?.reason).toContain("skillshelf approve alpha");
      const listed = await shelf.list();
      expect(listed.withheld).toMatchObject([{ id: "alpha", code: "drifted", changes: files }]);

      const allowed = await shelf.payload({ allowDrift: true });
      expect(allowed.ok && allowed.payload.skills.map((s) => s.id)).toEqual(["alpha", "steady"]);
      expect(allowed.ok && allowed.allowed).toMatchObject([{ id: "alpha", code: "drifted" }]);

      const approved = await shelf.approve("alpha", "operator");
      expect(approved).toMatchObject({ ok: true, id: "alpha", approved: { by: "operator" } });
      const record = usableRecord(await roots.managed.record("alpha"));
      expect(record?.approved?.by).toBe("operator");
      expect(record?.tree.files.map((f) => f.path)).toEqual(["SKILL.md", "a.md", "c.sh", "e.md"]);
      const back = await shelf.payload();
      expect(back.ok && back.payload.skills.map((s) => s.id)).toEqual(["alpha", "steady"]);
      expect(back.ok && back.payload.refused).toEqual([]);
      expect(await verify(roots, ["alpha"])).toMatchObject({ skills: [{ status: "unchanged" }] });
    });

    it("the payload refuses a SKILL.md changed since it was vouched for", async () => {
      const { roots, tamper } = await open();
      await install(roots, [skillOf("alpha")]);
      await tamper("alpha", {
        kind: "modify",
        path: "SKILL.md",
        bytes: bytes("# alpha\n\nOther.\n"),
      });
      const built = await shelfOf(roots).payload();
      expect(built.ok && built.payload.skills).toEqual([]);
      expect(built.ok && built.payload.refused).toMatchObject([
        { id: "alpha", code: "drifted", files: [{ path: "SKILL.md", change: "modified" }] },
      ]);
    });

    it("a managed skill with no record is unapproved until an operator approves it", async () => {
      const { roots, plant } = await open();
      await plant("by-hand", { "SKILL.md": "# by-hand\n", "run.md": "steps" });
      const shelf = shelfOf(roots);
      const built = await shelf.payload();
      expect(built.ok && built.payload.refused).toMatchObject([
        { id: "by-hand", code: "unapproved", reason: expect.stringContaining("approve by-hand") },
      ]);
      expect(await shelf.approve("by-hand", "operator")).toMatchObject({ ok: true });
      const record = usableRecord(await roots.managed.record("by-hand"));
      expect(record).toMatchObject({ id: "by-hand", tool: TOOL, approved: { by: "operator" } });
      expect(record?.source).toBeUndefined();
      const offered = await shelf.payload();
      expect(offered.ok && offered.payload.skills.map((s) => s.id)).toEqual(["by-hand"]);
      expect(await shelf.approve("nope", "operator")).toMatchObject({
        ok: false,
        refusal: { code: "unknown-skill" },
      });
    });

    it("update re-imports a changed source as one replace, says up to date, and leaves drift alone unless forced", async () => {
      const { roots, store, tamper } = await open();
      const dir = await tempDir();
      await writeSource(dir, "alpha", { "a.md": "v1" });
      await writeSource(dir, "beta", { "b.md": "v1" });
      expect(await importFolder(roots, dir)).toMatchObject({ ok: true });
      expect(await update(roots)).toMatchObject({
        ok: true,
        skills: [
          { id: "alpha", status: "up-to-date" },
          { id: "beta", status: "up-to-date" },
        ],
      });
      await writeFile(join(dir, "alpha", "a.md"), "v2");
      await writeFile(join(dir, "alpha", "extra.md"), "more");
      const updated = await update(roots);
      expect(updated).toMatchObject({
        ok: true,
        skills: [
          { id: "alpha", status: "updated" },
          { id: "beta", status: "up-to-date" },
        ],
      });
      const read = await store.record("alpha");
      expect(read.kind === "record" && read.record.tree.files.map((f) => f.path)).toEqual([
        "SKILL.md",
        "a.md",
        "extra.md",
      ]);
      const file = await readStoredFile(roots, "alpha", "a.md");
      expect(file.ok && Buffer.from(file.bytes).toString()).toBe("v2");
      expect(await verify(roots, ["alpha"])).toMatchObject({ skills: [{ status: "unchanged" }] });

      await tamper("beta", { kind: "modify", path: "b.md", bytes: bytes("hand edit") });
      await writeFile(join(dir, "beta", "b.md"), "v2");
      expect(await update(roots, ["beta"])).toMatchObject({
        ok: true,
        skills: [{ id: "beta", status: "drifted", files: ["b.md"] }],
      });
      const kept = await readStoredFile(roots, "beta", "b.md");
      expect(kept.ok && Buffer.from(kept.bytes).toString()).toBe("hand edit");
      expect(await update(roots, ["beta"], { force: true })).toMatchObject({
        ok: true,
        skills: [{ id: "beta", status: "updated" }],
      });
      const forced = await readStoredFile(roots, "beta", "b.md");
      expect(forced.ok && Buffer.from(forced.bytes).toString()).toBe("v2");
    });

    it("an install made for update refuses, inside the store's step, a skill changed since update judged it", async () => {
      const { roots, tamper } = await open();
      await install(roots, [skillOf("alpha", { "a.md": "v1" })]);
      const judged = treeOf(skillOf("alpha", { "a.md": "v1" }).files).digest;
      // Changed behind the tool's back after update's verify, before its install.
      await tamper("alpha", { kind: "modify", path: "a.md", bytes: bytes("hand edit") });
      const unchangedSince = new Map([["alpha", judged]]);
      const refused = await install(roots, [skillOf("alpha", { "a.md": "v2" })], {
        replace: true,
        unchangedSince,
      });
      expect(refused).toMatchObject({ ok: false, refusal: { code: "drifted", skill: "alpha" } });
      const kept = await readStoredFile(roots, "alpha", "a.md");
      expect(kept.ok && Buffer.from(kept.bytes).toString()).toBe("hand edit");
      const current = new Map([["alpha", treeOf((await store(roots)).files).digest]]);
      expect(
        await install(roots, [skillOf("alpha", { "a.md": "v2" })], {
          replace: true,
          unchangedSince: current,
        }),
      ).toMatchObject({ ok: true });
    });

    it("update says why a skill with no record or no source path is left alone", async () => {
      const { roots, plant } = await open();
      await install(roots, [skillOf("given")]);
      await plant("by-hand", { "SKILL.md": "# by-hand\n" });
      expect(await update(roots)).toMatchObject({
        ok: true,
        skills: [
          { id: "by-hand", status: "no-record" },
          { id: "given", status: "no-source" },
        ],
      });
    });

    it("reads a stored skill's files by path and refuses an unsafe or absent one", async () => {
      const { roots } = await open();
      await install(roots, [skillOf("alpha", { "ref/a.md": "deep" })]);
      const file = await readStoredFile(roots, "alpha", "ref/a.md");
      expect(file).toMatchObject({
        ok: true,
        file: { path: "ref/a.md", bytes: 4, executable: false },
      });
      expect(await readStoredFile(roots, "alpha", "../beta/SKILL.md")).toMatchObject({
        ok: false,
        refusal: { code: "unsafe-path" },
      });
      expect(await readStoredFile(roots, "alpha", "ref/none.md")).toMatchObject({
        ok: false,
        refusal: { code: "unknown-file" },
      });
    });

    it("applies a set in one step: installs, replaces and removes with their records, or changes nothing", async () => {
      const { roots } = await open();
      await install(roots, [
        skillOf("alpha", { "old.md": "old" }),
        skillOf("beta"),
        skillOf("gamma"),
      ]);
      const refused = await applySet(roots, {
        install: [skillOf("alpha", { "new.md": "new" }), skillOf("delta"), skillOf("Bad")],
        remove: ["beta"],
      });
      expect(refused).toMatchObject({ ok: false, refusal: { code: "invalid-id" } });
      const before = await catalog(roots);
      expect(before.skills.map((skill) => skill.id)).toEqual(["alpha", "beta", "gamma"]);
      const applied = await applySet(
        roots,
        {
          install: [skillOf("alpha", { "new.md": "new" }), skillOf("delta")],
          remove: ["beta", "absent"],
        },
        { tool: TOOL },
      );
      expect(applied).toMatchObject({
        ok: true,
        installed: [
          { id: "alpha", replaced: true },
          { id: "delta", replaced: false },
        ],
      });
      const after = await catalog(roots);
      expect(after.skills.map((skill) => skill.id)).toEqual(["alpha", "delta", "gamma"]);
      expect((await roots.managed.records()).map((record) => record.id).sort()).toEqual([
        "alpha",
        "delta",
        "gamma",
      ]);
      expect(await roots.managed.record("beta")).toEqual({ kind: "missing" });
      const files = await describeSkill(roots, "alpha");
      expect(files.ok && files.description.files.map((f) => f.path)).toEqual([
        "SKILL.md",
        "new.md",
      ]);
    });

    it("admits a set against the store as it will be: removals free the payload bound and their ids", async () => {
      const { roots } = await open();
      const body = "x".repeat(200_000);
      const many = Array.from({ length: 9 }, (_, i) =>
        skillOf(`big-${i}`, { "SKILL.md": `# big-${i}\n${body}\n` }),
      );
      expect(await install(roots, many)).toMatchObject({ ok: true });
      const more = Array.from({ length: 9 }, (_, i) =>
        skillOf(`new-${i}`, { "SKILL.md": `# new-${i}\n${body}\n` }),
      );
      const over = await applySet(roots, { install: more, remove: [] });
      expect(over).toMatchObject({ ok: false, refusal: { code: "payload-too-large" } });
      const swapped = await applySet(roots, {
        install: more,
        remove: many.map((skill) => skill.name),
      });
      expect(swapped).toMatchObject({ ok: true });
      const ids = (await catalog(roots)).skills.map((skill) => skill.id);
      expect(ids).toEqual(more.map((skill) => skill.name));
    });

    it("tells its subscribers of a set's installs and removals", async () => {
      const { roots, store } = await open();
      await install(roots, [skillOf("alpha")]);
      const changes: StoreChange[] = [];
      const stop = store.subscribe((change) => changes.push(change));
      onTestFinished(stop);
      await applySet(roots, { install: [skillOf("beta")], remove: ["alpha"] });
      await expect.poll(() => changes.length).toBeGreaterThanOrEqual(2);
      expect(changes.slice(0, 2)).toEqual([
        { kind: "installed", ids: ["beta"] },
        { kind: "removed", ids: ["alpha"] },
      ]);
    });

    it("tells its subscribers of every install and removal made through it", async () => {
      const { roots, store } = await open();
      const changes: StoreChange[] = [];
      const stop = store.subscribe((change) => changes.push(change));
      onTestFinished(stop);
      await install(roots, [skillOf("alpha"), skillOf("beta")]);
      await remove(roots, "alpha");
      await expect.poll(() => changes.length).toBeGreaterThanOrEqual(2);
      expect(changes.slice(0, 2)).toEqual([
        { kind: "installed", ids: ["alpha", "beta"] },
        { kind: "removed", ids: ["alpha"] },
      ]);
    });
  });
}
