// The trust gate through the binary, on a real managed root: a hand edit
// takes a skill out of the payload (named under refused as drifted, with
// its files), `verify` and `show` name the two ways out, `list` marks it,
// `--allow-drift` lets it through and says so on stderr, and `approve`
// brings it back with who approved it recorded. A skill written into the
// managed root by hand is unapproved until approved.
import { mkdirSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importedRoots } from "./support/imported.js";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile } from "./support/trees.js";

describe("the trust gate", () => {
  it("refuses a drifted skill to workers until it is approved", async () => {
    const { data, args } = await importedRoots({
      "alpha/SKILL.md": skillFile("alpha"),
      "alpha/a.md": "a\n",
      "beta/SKILL.md": skillFile("beta"),
    });
    writeFileSync(join(data, "skills", "alpha", "a.md"), "edited by hand\n");

    const built = await runBin(["payload", "--json", ...args]);
    expect(built.code).toBe(0);
    const held = parseJson(built) as { skills: { id: string }[]; refused: unknown[] };
    expect(held.skills.map((s) => s.id)).toEqual(["beta"]);
    expect(held.refused).toMatchObject([
      { id: "alpha", code: "drifted", files: [{ path: "a.md", change: "modified" }] },
    ]);
    const human = await runBin(["payload", ...args]);
    expect(human.stdout).toContain("refused alpha (drifted)");
    expect(human.stdout).toContain("modified a.md");

    const verified = await runBin(["verify", ...args]);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain("skillshelf update --force alpha");
    expect(verified.stdout).toContain("skillshelf approve alpha");

    const shownDrifted = await runBin(["show", "alpha", ...args]);
    expect(shownDrifted.code).toBe(0);
    expect(shownDrifted.stdout).toMatch(
      /^status\s+changed since import: a\.md \(modified\); not handed to workers until 'skillshelf update --force alpha' or 'skillshelf approve alpha'$/m,
    );
    expect(parseJson(await runBin(["show", "alpha", "--json", ...args]))).toMatchObject({
      status: "changed",
      drift: [{ path: "a.md", change: "modified" }],
    });

    const listed = parseJson(await runBin(["list", "--json", ...args]));
    expect(listed.withheld).toMatchObject([{ id: "alpha", code: "drifted" }]);
    expect((await runBin(["list", ...args])).stdout).toContain("not handed to workers");

    const out = makeTempDir("skillshelf-cli-worker-");
    const allowed = await runBin(["payload", "--allow-drift", "--out", out, "--json", ...args]);
    expect(allowed.code).toBe(0);
    expect((parseJson(allowed).skills as { id: string }[]).map((s) => s.id)).toEqual([
      "alpha",
      "beta",
    ]);
    expect(allowed.stderr).toContain("allowed alpha by --allow-drift");

    const approved = await runBin(["approve", "alpha", "--json", ...args]);
    expect(approved.code).toBe(0);
    expect(parseJson(approved)).toMatchObject({
      ok: true,
      id: "alpha",
      approved: { by: userInfo().username },
    });
    const shown = parseJson(await runBin(["show", "alpha", "--json", ...args]));
    expect(shown).toMatchObject({
      status: "unchanged",
      record: { approved: { by: userInfo().username } },
    });
    expect(shown).not.toHaveProperty("drift");
    expect((await runBin(["show", "alpha", ...args])).stdout).toMatch(
      /^status\s+unchanged since import$/m,
    );
    expect((await runBin(["verify", ...args])).code).toBe(0);
    const back = parseJson(await runBin(["payload", "--json", ...args]));
    expect(back.refused).toEqual([]);
  });

  it("offers a skill made by hand only after approve", async () => {
    const { data, args } = makeRoots();
    mkdirSync(join(data, "skills", "by-hand"), { recursive: true });
    writeFileSync(join(data, "skills", "by-hand", "SKILL.md"), skillFile("by-hand"));
    const built = parseJson(await runBin(["payload", "--json", ...args]));
    expect(built).toMatchObject({
      skills: [],
      refused: [{ id: "by-hand", code: "unapproved" }],
    });
    const approved = await runBin(["approve", "by-hand", ...args]);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toMatch(/^approved by-hand \(1 file\) as /);
    const offered = parseJson(await runBin(["payload", "--json", ...args]));
    expect((offered.skills as { id: string }[]).map((s) => s.id)).toEqual(["by-hand"]);
    const unknown = await runBin(["approve", "nope", ...args]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("nope");
  });
});
