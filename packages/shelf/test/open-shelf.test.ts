// openShelf over real directories: the roots it decides from options, the
// environment and the working directory, and the import flow every surface
// now reaches through it (check writes nothing, import records its source,
// update reads the source again through the same flow).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir, skillText, writeSkills } from "@skillshelf/test-utils";
import { describe, expect, it, onTestFinished } from "vitest";
import { decideLocations, openShelf, type Shelf } from "../src/index.js";

async function shelfIn(dir: string): Promise<Shelf> {
  const opened = await openShelf(
    { workspace: join(dir, "ws"), data: join(dir, "data"), tool: "test 1.0.0" },
    {},
    dir,
  );
  if (!opened.ok) throw new Error(opened.refusal.code);
  onTestFinished(() => opened.shelf.close());
  return opened.shelf;
}

describe("decideLocations", () => {
  it.each([
    {
      name: "defaults to cwd and ~/.local/share",
      options: {},
      env: { HOME: "/home/u" },
      builtin: "/cwd/skills",
      managed: "/home/u/.local/share/skillshelf/skills",
      url: undefined,
    },
    {
      name: "--data over $SKILLSHELF_DATA",
      options: { data: "d" },
      env: { SKILLSHELF_DATA: "/e" },
      builtin: "/cwd/skills",
      managed: "/cwd/d/skills",
      url: undefined,
    },
    {
      name: "$SKILLSHELF_DATA over XDG",
      options: {},
      env: { SKILLSHELF_DATA: "e", XDG_DATA_HOME: "/x" },
      builtin: "/cwd/skills",
      managed: "/cwd/e/skills",
      url: undefined,
    },
    {
      name: "a relative XDG_DATA_HOME is ignored",
      options: {},
      env: { XDG_DATA_HOME: "x", HOME: "/h" },
      builtin: "/cwd/skills",
      managed: "/h/.local/share/skillshelf/skills",
      url: undefined,
    },
    {
      name: "--store over $SKILLSHELF_STORE",
      options: { workspace: "w", store: "postgres://a@h/db" },
      env: { SKILLSHELF_STORE: "postgres://b@h/db" },
      builtin: "/cwd/w/skills",
      managed: "/cwd/.local/share/skillshelf/skills",
      url: "postgres://a@h/db",
    },
    {
      name: "an empty $SKILLSHELF_STORE is none",
      options: {},
      env: { SKILLSHELF_STORE: "", HOME: "/h" },
      builtin: "/cwd/skills",
      managed: "/h/.local/share/skillshelf/skills",
      url: undefined,
    },
  ])("$name", ({ options, env, builtin, managed, url }) => {
    const decided = decideLocations(options, { HOME: "/cwd", ...env }, "/cwd");
    expect(decided).toEqual({ builtin, managedDir: managed, storeUrl: url });
  });
});

describe("openShelf over directories", () => {
  it("checks without writing, imports with a record, and lists what it holds", async () => {
    const dir = makeTempDir("skillshelf-shelf-");
    const bundle = join(dir, "bundle");
    await writeSkills(bundle, { alpha: skillText("alpha"), beta: skillText("beta") });
    const shelf = await shelfIn(dir);

    const checked = await shelf.check({ kind: "path", path: bundle }, { skills: ["alpha"] });
    expect(checked).toMatchObject({ ok: true, skills: [{ id: "alpha", replaced: false }] });
    expect((await shelf.list()).catalog.skills).toEqual([]);

    const imported = await shelf.import({ kind: "path", path: bundle }, { skills: ["alpha"] });
    expect(imported).toMatchObject({
      ok: true,
      skills: [{ id: "alpha", files: [{ path: "SKILL.md" }] }],
    });
    const listing = await shelf.list();
    expect(listing.catalog.skills.map((skill) => skill.id)).toEqual(["alpha"]);
    const record = listing.records.get("alpha");
    expect(record?.tool).toBe("test 1.0.0");
    expect(record?.source).toEqual({ kind: "path", name: bundle, skills: ["alpha"] });

    const again = await shelf.import({ kind: "path", path: bundle }, { skills: ["alpha"] });
    expect(again).toMatchObject({
      ok: false,
      refusal: { code: "already-defined", skill: "alpha" },
    });
  });

  it("updates a skill from its recorded source through the same flow, keeping the selection", async () => {
    const dir = makeTempDir("skillshelf-shelf-");
    const bundle = join(dir, "bundle");
    await writeSkills(bundle, { alpha: skillText("alpha"), beta: skillText("beta") });
    const shelf = await shelfIn(dir);
    expect((await shelf.import({ kind: "path", path: bundle })).ok).toBe(true);
    writeFileSync(join(bundle, "alpha", "notes.md"), "new\n");

    const updated = await shelf.update();
    expect(updated).toMatchObject({
      ok: true,
      skills: [
        { id: "alpha", status: "updated" },
        { id: "beta", status: "up-to-date" },
      ],
    });
    const described = await shelf.describe("alpha");
    if (!described.ok) throw new Error(described.refusal.code);
    expect(described.description.files.map((file) => file.path)).toEqual(["SKILL.md", "notes.md"]);
    expect(described.description.record?.source).toEqual({ kind: "path", name: bundle });
  });

  it("refuses an id the catalog refuses with the catalog's reason, in load and describe alike", async () => {
    const dir = makeTempDir("skillshelf-shelf-");
    mkdirSync(join(dir, "ws", "skills", "Bad"), { recursive: true });
    writeFileSync(join(dir, "ws", "skills", "Bad", "SKILL.md"), "# Bad\n");
    const shelf = await shelfIn(dir);
    const refused = (await shelf.list()).catalog.refused;
    expect(refused).toMatchObject([{ id: "Bad", code: "invalid-id" }]);
    const described = await shelf.describe("Bad");
    expect(described).toMatchObject({ ok: false, refusal: { code: "invalid-id", skill: "Bad" } });
  });
});
