// The catalog source's kept listing over a real shelf: once a listing is
// kept (the stamp trusted: every SKILL.md older than RACY_MS), the same
// listing is answered while nothing changed, and every change made after
// it was kept (by hand in either root, or through the store) is in the very
// next listing: a SKILL.md edited to the same size with its modification
// time put back, a drifted file found by a read, a skill added or removed.
import { rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readBundle } from "@skillshelf/bundle-reader";
import { install, RACY_MS } from "@skillshelf/skill-catalog";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it, onTestFinished } from "vitest";
import { type SkillSource, type SourceListing, skillSourceOf } from "../src/index.js";
import { makeShelf, type Shelf } from "./support/shelf.js";

const ids = (listing: SourceListing): string[] => listing.skills.map((skill) => skill.id).sort();
const refusal = (listing: SourceListing, id: string) =>
  listing.refused.find((refused) => refused.id === id);

type Case = {
  name: string;
  change: (shelf: Shelf, source: SkillSource) => Promise<void>;
  expect: (listing: SourceListing) => void;
};

const cases: Case[] = [
  {
    name: "a managed SKILL.md edited by hand to the same size, its modification time put back",
    change: async (shelf) => {
      const path = join(shelf.managedDir, "git-flow", "SKILL.md");
      const { atime, mtime, size } = await stat(path);
      const edited = "---\nname: git-flow\ndescription: INJECTED the team's way\n---\n";
      await writeFile(path, edited.padEnd(size, "\n"));
      await utimes(path, atime, mtime);
    },
    expect: (listing) => {
      expect(ids(listing)).not.toContain("git-flow");
      expect(refusal(listing, "git-flow")).toMatchObject({ code: "drifted" });
    },
  },
  {
    name: "another file edited by hand, found by a read",
    change: async (shelf, source) => {
      await writeFile(join(shelf.managedDir, "pdf-tools", "references", "FORMS.md"), "INJECTED\n");
      expect(await source.readFile("pdf-tools", "references/FORMS.md")).toMatchObject({
        ok: false,
        code: "drifted",
      });
    },
    expect: (listing) => {
      expect(ids(listing)).not.toContain("pdf-tools");
      expect(refusal(listing, "pdf-tools")).toMatchObject({ code: "drifted" });
    },
  },
  {
    name: "a builtin SKILL.md edited by hand",
    change: (shelf) =>
      writeFile(
        join(shelf.builtin, "house-style", "SKILL.md"),
        "---\nname: house-style\ndescription: Write as the house writes now\n---\n",
      ),
    expect: (listing) => {
      const skill = listing.skills.find((one) => one.id === "house-style");
      expect(skill?.frontmatter?.description).toBe("Write as the house writes now");
    },
  },
  {
    name: "a builtin skill added by hand",
    change: async (shelf) => {
      writeTree(join(shelf.builtin, "added"), {
        "SKILL.md": "---\nname: added\ndescription: Added by hand\n---\n",
      });
    },
    expect: (listing) => expect(ids(listing)).toContain("added"),
  },
  {
    name: "a managed skill removed by hand",
    change: (shelf) => rm(join(shelf.managedDir, "git-flow"), { recursive: true }),
    expect: (listing) => {
      expect(ids(listing)).not.toContain("git-flow");
      expect(refusal(listing, "git-flow")).toBeUndefined();
    },
  },
  {
    name: "a skill installed through the store",
    change: async (shelf) => {
      const folder = writeTree(join(makeTempDir(), "installed"), {
        "SKILL.md": "---\nname: installed\ndescription: Installed later\n---\n",
      });
      const read = await readBundle({ kind: "path", path: folder });
      if (!read.ok) throw new Error(read.refusal.code);
      expect(await install(shelf, read.skills)).toMatchObject({ ok: true });
    },
    expect: (listing) => expect(ids(listing)).toContain("installed"),
  },
];

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, RACY_MS + 250));

type Kept = {
  name: string;
  shelf: Shelf;
  source: SkillSource;
  first: SourceListing;
  stop: () => void;
};

/** Each case's shelf with its listing kept (a source heard from, listed twice), then changed. */
async function keptThenChanged(shelves: Shelf[]): Promise<Kept[]> {
  const kept: Kept[] = [];
  for (const [index, { name, change }] of cases.entries()) {
    const shelf = shelves[index]!;
    const source = skillSourceOf(shelf);
    const stop = source.subscribe(() => {});
    onTestFinished(stop);
    const first = await source.list();
    expect(ids(first), name).toEqual(["git-flow", "house-style", "pdf-tools", "titled"]);
    expect(await source.list(), `${name}: kept`).toBe(first);
    await change(shelf, source);
    kept.push({ name, shelf, source, first, stop });
  }
  return kept;
}

async function expectChangesListed(kept: Kept[]): Promise<void> {
  for (const [index, { name, source, first }] of kept.entries()) {
    const after = await source.list();
    expect(after, name).not.toBe(first);
    cases[index]!.expect(after);
  }
}

describe("the catalog source's kept listing", () => {
  it("answers the kept listing while nothing changed, and every change made after it at once", async () => {
    // One shelf per case, made first, so one wait makes every SKILL.md older than RACY_MS.
    const shelves = await Promise.all(cases.map(() => makeShelf()));
    await settle();
    await expectChangesListed(await keptThenChanged(shelves));
  });

  it("lists every change made after it was kept once the change is older than RACY_MS", async () => {
    // Listed only after the wait, so the stamp is trusted again and must differ on its own.
    const shelves = await Promise.all(cases.map(() => makeShelf()));
    await settle();
    const kept = await keptThenChanged(shelves);
    await settle();
    await expectChangesListed(kept);
  });
});
