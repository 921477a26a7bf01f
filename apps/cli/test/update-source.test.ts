// update reads only what the import recorded, through the built CLI on real
// folders: a source directory replaced by a link to another directory, or a
// record whose `source.name` was edited to run through a link, once made
// update install whatever the link pointed at. Now such a source is refused
// (`link`, naming the path) and the stored skill stays as it was; a record
// edited to name another real directory is read, and the answer names the
// source every skill was read from, so the operator sees where it came from.
import { readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, packFolder, skillFile, writeTree } from "./support/trees.js";

function importedFrom(): { data: string; args: string[]; dir: string; source: string } {
  const { data, args } = makeRoots();
  const dir = makeTempDir("skillshelf-cli-src-");
  const source = join(dir, "bundle");
  writeTree(source, { "alpha/SKILL.md": skillFile("alpha", undefined, "inside\n") });
  writeTree(join(dir, "outside"), {
    "alpha/SKILL.md": skillFile("alpha", undefined, "from outside\n"),
    "alpha/secret.md": "from outside\n",
  });
  return { data, args, dir, source };
}

const storedBody = async (args: string[]): Promise<string> =>
  (await runBin(["show", "alpha", ...args])).stdout;

describe("update reads only the recorded source", () => {
  it("refuses a source directory replaced by a link, and keeps the stored skill", async () => {
    const { args, dir, source } = importedFrom();
    expect((await runBin(["import", source, ...args])).code).toBe(0);
    renameSync(source, join(dir, "moved-away"));
    symlinkSync(join(dir, "outside"), source);

    const updated = await runBin(["update", "--json", ...args]);
    expect(updated.code).toBe(1);
    expect(parseJson(updated)).toMatchObject({
      ok: false,
      skills: [
        {
          id: "alpha",
          status: "refused",
          source,
          refusal: { code: "link", skill: "alpha", path: source },
        },
      ],
    });
    const human = await runBin(["update", ...args]);
    expect(human.stdout).toContain(`link (from ${source})`);
    // And what to do instead, in the refusal's own sentence.
    expect(human.stdout).toContain(
      "update reads only the path the import recorded, so import it again from the path you mean, with --replace",
    );
    expect(await storedBody(args)).toContain("inside");
    expect(await storedBody(args)).not.toContain("from outside");
  });

  it("refuses a recorded source.name edited to run through a link", async () => {
    const { data, args, dir, source } = importedFrom();
    expect((await runBin(["import", source, ...args])).code).toBe(0);
    symlinkSync(dir, join(dir, "through"));
    const edited = join(dir, "through", "outside");
    const recordPath = join(data, "skills", ".records", "alpha.json");
    const record = JSON.parse(readFileSync(recordPath, "utf8"));
    record.source.name = edited;
    writeFileSync(recordPath, JSON.stringify(record));

    const updated = await runBin(["update", "--json", ...args]);
    expect(parseJson(updated)).toMatchObject({
      skills: [{ id: "alpha", status: "refused", refusal: { code: "link", path: edited } }],
    });
    expect(await storedBody(args)).not.toContain("from outside");
  });

  it("names the source a skill was read from, even one a record was edited to name", async () => {
    const { data, args, dir, source } = importedFrom();
    expect((await runBin(["import", source, ...args])).code).toBe(0);
    const same = await runBin(["update", "--json", ...args]);
    expect(parseJson(same)).toMatchObject({
      ok: true,
      skills: [{ id: "alpha", status: "up-to-date", source }],
    });
    const recordPath = join(data, "skills", ".records", "alpha.json");
    const record = JSON.parse(readFileSync(recordPath, "utf8"));
    const other = join(dir, "outside");
    record.source.name = other;
    writeFileSync(recordPath, JSON.stringify(record));

    const human = await runBin(["update", ...args]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`updated\\s+alpha\\s+from ${other}`));
  });

  it("says how to import again a skill whose source folder is gone", async () => {
    const { args, dir, source } = importedFrom();
    expect((await runBin(["import", source, ...args])).code).toBe(0);
    renameSync(source, join(dir, "moved-away"));
    const human = await runBin(["update", ...args]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(
      `its source ${source} no longer exists: import it again from where it is now, with --replace`,
    );
  });

  it("says how to import again a skill read from stdin, which cannot be read again", async () => {
    const { args, dir, source } = importedFrom();
    const archive = join(dir, "piped.tgz");
    packFolder(source, "alpha", archive);
    expect((await runBin(["import", "-", ...args], { inputFile: archive })).code).toBe(0);
    const human = await runBin(["update", ...args]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(
      "its source was archive bytes (stdin or an upload), which cannot be read again: import it again with --replace",
    );
  });
});
