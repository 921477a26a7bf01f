// sync over real git repositories (file:// and git daemon on 127.0.0.1) and
// folders: the store ends holding exactly the manifest's skills, the lock's
// bytes depend on the inputs alone, --frozen refuses every way the sources
// can move away from the lock (a moved branch, a force push, a deleted tag,
// an edited folder, an edited manifest), --check writes nothing, --prune
// removes what the manifest dropped, and a refused source changes nothing.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { commitTree, makeTempDir, serveGitDaemon, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { type Shelf, shelfOver } from "../src/index.js";

type Entry = { source: string; ref?: string; path?: string; skills?: string[] };

function setup() {
  const dir = makeTempDir();
  const repo = join(dir, "git", "skills-repo");
  writeTree(repo, {
    "skills/alpha/SKILL.md": "# alpha\n\nv1\n",
    "skills/beta/SKILL.md": "# beta\n\nv1\n",
  });
  const git = commitTree(repo);
  git("branch", "-M", "main");
  git("tag", "v1");
  const folder = join(dir, "local");
  writeTree(folder, { "gamma/SKILL.md": "# gamma\n\nv1\n" });
  const host = (name: string): Shelf =>
    shelfOver({ builtin: join(dir, "ws"), managed: new DirectoryStore(join(dir, name)) }, "test 1");
  const manifest = join(dir, "skillshelf.json");
  const lock = join(dir, "skillshelf.lock.json");
  const writeManifest = (skills: Entry[]) => writeFileSync(manifest, JSON.stringify({ skills }));
  const commit = (path: string, text: string) => {
    writeFileSync(join(repo, path), text);
    git("commit", "-qam", text);
    return git("rev-parse", "HEAD").toString().trim();
  };
  const url = `git+file://${repo}`;
  writeManifest([
    { source: url, ref: "main", path: "skills" },
    { source: "local", skills: ["gamma"] },
  ]);
  return { dir, repo, git, folder, host, manifest, lock, writeManifest, commit, url };
}

const ids = async (shelf: Shelf) => (await shelf.list()).catalog.skills.map((skill) => skill.id);

describe("sync", () => {
  it("installs the manifest's skills, writes a lock that two hosts write byte for byte, and then has nothing to do", async () => {
    const { host, manifest, lock, git } = setup();
    const shelf = host("data");
    const first = await shelf.sync({ manifest, lock });
    expect(first).toMatchObject({
      ok: true,
      inStep: false,
      lockChanged: true,
      skills: [
        { id: "alpha", status: "installed" },
        { id: "beta", status: "installed" },
        { id: "gamma", status: "installed" },
      ],
    });
    expect(await ids(shelf)).toEqual(["alpha", "beta", "gamma"]);
    const bytes = readFileSync(lock, "utf8");
    const parsed = JSON.parse(bytes);
    const head = git("rev-parse", "HEAD").toString().trim();
    expect(parsed.skills.map((skill: { id: string }) => skill.id)).toEqual([
      "alpha",
      "beta",
      "gamma",
    ]);
    expect(parsed.sources[0]).toMatchObject({
      ref: "main",
      path: "skills",
      commit: head,
      ids: ["alpha", "beta"],
    });
    expect(bytes).not.toMatch(/At"|T\d\d:\d\d/);
    expect(await shelf.sync({ manifest, lock })).toMatchObject({
      ok: true,
      inStep: true,
      lockChanged: false,
    });
    expect(await shelf.sync({ manifest, lock, check: true })).toMatchObject({
      ok: true,
      inStep: true,
    });

    rmSync(lock);
    const other = host("data-2");
    expect(await other.sync({ manifest, lock })).toMatchObject({ ok: true });
    expect(readFileSync(lock, "utf8")).toBe(bytes);
    expect(await other.lockStatus(lock)).toEqual({
      ok: true,
      inStep: true,
      revision: parsed.revision,
      differences: [],
    });
    expect(first.ok && first.revision).toBe(parsed.revision);
  });

  it("--frozen installs exactly the lock, and refuses a moved branch, a force push and a deleted tag, naming each", async () => {
    const { host, manifest, lock, commit, git, url, writeManifest } = setup();
    expect(await host("data").sync({ manifest, lock })).toMatchObject({ ok: true });
    const replica = host("replica");
    expect(await replica.sync({ manifest, lock, frozen: true })).toMatchObject({
      ok: true,
      skills: [{ status: "installed" }, { status: "installed" }, { status: "installed" }],
    });
    const locked = readFileSync(lock, "utf8");

    commit("skills/alpha/SKILL.md", "# alpha\n\nv2\n");
    const moved = await replica.sync({ manifest, lock, frozen: true });
    expect(moved).toMatchObject({ ok: false, refusal: { code: "lock-mismatch" } });
    if (moved.ok) throw new Error("synced");
    expect(moved.differences).toEqual([
      expect.stringMatching(
        /^ref main of git\+file:\/\/.* now resolves to [0-9a-f]{12}, the lock has [0-9a-f]{12}$/,
      ),
      expect.stringMatching(
        /^skill 'alpha' was fetched with tree [0-9a-f]{12}, the lock has [0-9a-f]{12}$/,
      ),
    ]);
    expect(readFileSync(lock, "utf8")).toBe(locked);

    git("reset", "-q", "--hard", "v1");
    git("commit", "-q", "--allow-empty", "-m", "rewritten");
    const forced = await replica.sync({ manifest, lock, frozen: true });
    expect(forced).toMatchObject({ ok: false, refusal: { code: "lock-mismatch" } });
    if (!forced.ok) expect(forced.differences).toHaveLength(1);

    writeManifest([{ source: url, ref: "v1", path: "skills" }]);
    expect(await host("pinned").sync({ manifest, lock })).toMatchObject({ ok: true });
    git("tag", "-d", "v1");
    const gone = await host("pinned").sync({ manifest, lock, frozen: true });
    expect(gone).toMatchObject({ ok: false, refusal: { code: "unreadable-source" } });
  });

  it("--frozen with nothing to change fetches nothing: it holds when the locked commit's objects are gone", async () => {
    const { host, manifest, lock, repo, url, writeManifest, dir } = setup();
    writeManifest([{ source: url, ref: "main", path: "skills" }]);
    const shelf = host("data");
    expect(await shelf.sync({ manifest, lock })).toMatchObject({ ok: true });
    // The refs stay and every object goes: only a fetch can notice.
    const objects = join(repo, ".git", "objects");
    for (const name of readdirSync(objects)) {
      if (name !== "info" && name !== "pack") rmSync(join(objects, name), { recursive: true });
    }
    expect(await shelf.sync({ manifest, lock, frozen: true })).toMatchObject({
      ok: true,
      inStep: true,
      lockChanged: false,
      skills: [
        { id: "alpha", status: "unchanged" },
        { id: "beta", status: "unchanged" },
      ],
    });
    // A store that does not hold the lock fetches, and so meets the missing objects.
    expect(await host("replica").sync({ manifest, lock, frozen: true })).toMatchObject({
      ok: false,
      refusal: { code: "unreadable-source" },
    });
    // An edited skill is not held either: the full sync decides, and fetching fails the same way.
    writeFileSync(join(dir, "data", "alpha", "SKILL.md"), "# alpha\n\nedited\n");
    expect(await shelf.sync({ manifest, lock, frozen: true })).toMatchObject({
      ok: false,
      refusal: { code: "unreadable-source" },
    });
  });

  it("--frozen refuses a manifest that no longer says what the lock was made from, and an edited folder", async () => {
    const { host, manifest, lock, folder, writeManifest, url } = setup();
    const shelf = host("data");
    expect(await shelf.sync({ manifest, lock })).toMatchObject({ ok: true });
    writeFileSync(join(folder, "gamma", "SKILL.md"), "# gamma\n\nv2\n");
    const edited = await shelf.sync({ manifest, lock, frozen: true });
    expect(edited.ok === false && edited.differences).toEqual([
      expect.stringMatching(/^skill 'gamma' was fetched with tree/),
    ]);
    writeManifest([{ source: url, ref: "v1", path: "skills" }]);
    const other = await shelf.sync({ manifest, lock, frozen: true });
    expect(other.ok === false && other.differences).toEqual([
      `the manifest's entry {"source":"${url}","ref":"v1","path":"skills"} is not in the lock`,
      `the lock's entry {"source":"${url}","ref":"main","path":"skills"} is not in the manifest`,
      `the lock's entry {"source":"local","skills":["gamma"]} is not in the manifest`,
    ]);
    expect(await ids(shelf)).toEqual(["alpha", "beta", "gamma"]);
  });

  it("--check writes nothing and says whether the store is in step; a changed source is replaced", async () => {
    const { host, manifest, lock, commit } = setup();
    const shelf = host("data");
    expect(await shelf.sync({ manifest, lock, check: true })).toMatchObject({
      ok: true,
      inStep: false,
    });
    expect(await ids(shelf)).toEqual([]);
    expect(() => readFileSync(lock)).toThrow();
    await shelf.sync({ manifest, lock });
    commit("skills/beta/SKILL.md", "# beta\n\nv2\n");
    const before = readFileSync(lock, "utf8");
    const checked = await shelf.sync({ manifest, lock, check: true });
    expect(checked).toMatchObject({ ok: true, inStep: false, lockChanged: true });
    expect(checked.ok && checked.skills.find((skill) => skill.id === "beta")?.status).toBe(
      "replaced",
    );
    expect(readFileSync(lock, "utf8")).toBe(before);
    expect(await shelf.sync({ manifest, lock })).toMatchObject({ ok: true });
    const described = await shelf.describe("beta");
    expect(described.ok && described.description.skill.text).toBe("# beta\n\nv2\n");
    expect(readFileSync(lock, "utf8")).not.toBe(before);
  });

  it("keeps a skill the manifest dropped unless pruning, and lockStatus names every difference", async () => {
    const { host, manifest, lock, url, writeManifest, dir } = setup();
    const shelf = host("data");
    await shelf.sync({ manifest, lock });
    writeManifest([{ source: url, ref: "main", path: "skills", skills: ["alpha"] }]);
    const kept = await shelf.sync({ manifest, lock });
    expect(kept.ok && kept.skills.map((skill) => `${skill.id} ${skill.status}`)).toEqual([
      "alpha unchanged",
      "beta kept",
      "gamma kept",
    ]);
    const status = await shelf.lockStatus(lock);
    expect(status).toMatchObject({
      ok: true,
      inStep: false,
      differences: [
        "skill 'beta' is stored but not in the lock",
        "skill 'gamma' is stored but not in the lock",
      ],
    });
    const pruned = await shelf.sync({ manifest, lock, prune: true });
    expect(pruned.ok && pruned.skills.map((skill) => `${skill.id} ${skill.status}`)).toEqual([
      "alpha unchanged",
      "beta removed",
      "gamma removed",
    ]);
    expect(await ids(shelf)).toEqual(["alpha"]);
    writeFileSync(join(dir, "data", "alpha", "SKILL.md"), "# alpha\n\nedited\n");
    expect(await shelf.lockStatus(lock)).toMatchObject({
      inStep: false,
      differences: ["skill 'alpha' was edited after it was installed"],
    });
  });

  it("changes nothing when any source of the set is refused", async () => {
    const { host, manifest, lock, url, writeManifest, commit } = setup();
    const shelf = host("data");
    await shelf.sync({ manifest, lock });
    const before = readFileSync(lock, "utf8");
    commit("skills/alpha/SKILL.md", "# alpha\n\nv2\n");
    writeManifest([{ source: url, ref: "main", path: "skills" }, { source: "missing-folder" }]);
    const refused = await shelf.sync({ manifest, lock, prune: true });
    expect(refused).toMatchObject({ ok: false, refusal: { code: "unreadable-source" } });
    expect(await ids(shelf)).toEqual(["alpha", "beta", "gamma"]);
    const described = await shelf.describe("alpha");
    expect(described.ok && described.description.skill.text).toBe("# alpha\n\nv1\n");
    expect(readFileSync(lock, "utf8")).toBe(before);
  });

  it("refuses an invalid manifest and two sources giving one id as invalid-manifest", async () => {
    const { host, manifest, lock, writeManifest, url } = setup();
    const shelf = host("data");
    writeFileSync(manifest, JSON.stringify({ skills: [{ ref: "main" }] }));
    expect(await shelf.sync({ manifest, lock })).toMatchObject({
      ok: false,
      refusal: {
        code: "invalid-manifest",
        detail: expect.stringMatching(/^skills\[0\]\.source: /),
      },
    });
    writeManifest([
      { source: url, ref: "main", path: "skills" },
      { source: url, ref: "v1", path: "skills", skills: ["alpha"] },
    ]);
    expect(await shelf.sync({ manifest, lock })).toMatchObject({
      ok: false,
      refusal: {
        code: "invalid-manifest",
        detail: expect.stringMatching(/skill 'alpha' comes from both/),
      },
    });
    expect(await ids(shelf)).toEqual([]);
  });

  it("reads a repository served by git daemon on 127.0.0.1", async () => {
    const { host, manifest, lock, writeManifest, dir } = setup();
    const served = await serveGitDaemon(join(dir, "git"));
    writeManifest([{ source: `git+${served.url("skills-repo")}`, ref: "v1", path: "skills" }]);
    expect(await host("data").sync({ manifest, lock, check: false })).toMatchObject({
      ok: true,
      skills: [{ id: "alpha" }, { id: "beta" }],
    });
    expect(JSON.parse(readFileSync(lock, "utf8")).skills[0].source).toBe(
      `git+git://127.0.0.1:${served.port}/skills-repo`,
    );
  });
});
