// The store end to end on real directories: import the sample bundle, list
// it, show a skill, refuse a second import unless --replace, check that check
// agrees with import and writes nothing, remove a skill, and hand out the
// payload, both as a summary and as a materialized skills.json.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, runBin, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, makeTempDir, skillFile, writeTree } from "./support/trees.js";

const sampleSkill = (name: string): string =>
  readFileSync(join(SAMPLE_BUNDLE, name, "SKILL.md"), "utf8");

describe("import, list, show, remove", () => {
  it("imports the sample bundle and says what it installed", async () => {
    const { args, data } = makeRoots();
    const run = await runBin(["import", SAMPLE_BUNDLE, ...args]);
    expect(run.code, run.stderr).toBe(0);
    // Only release-notes draws warnings: it declares its id by title, so the
    // specification's frontmatter is missing, and MCP hosts are not served it.
    expect(run.stderr.trimEnd().split("\n")).toEqual([
      expect.stringMatching(
        /^warning \(missing-frontmatter\): The skill 'release-notes' has no frontmatter; /,
      ),
      "1 warning from the Agent Skills specification; --strict refuses a bundle that draws any",
      expect.stringMatching(
        /^warning \(mcp-unservable\): The skill 'release-notes' is not served over MCP: /,
      ),
    ]);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^installed\s+pdf-tools\s+2 files\s+\d+ B$/);
    expect(lines[1]).toMatch(/^installed\s+release-notes\s+2 files\s+\d+ B$/);
    expect(readFileSync(join(data, "skills", "pdf-tools", "SKILL.md"), "utf8")).toBe(
      sampleSkill("pdf-tools"),
    );
  });

  it("lists offered skills as an aligned table, then refused ids and the revision", async () => {
    const { args, workspace } = makeRoots();
    writeTree(join(workspace, "skills"), {
      "local-notes/SKILL.md": skillFile("local-notes"),
      "wrong-title/SKILL.md": skillFile("another-id"),
    });
    expect((await runBin(["import", SAMPLE_BUNDLE, ...args])).code).toBe(0);
    const run = await runBin(["list", ...args]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+ORIGIN\s+BODY\s+TREE\s+DIGEST\s+DESCRIPTION$/);
    const rows = lines.slice(1, 4);
    expect(rows.map((row) => row.split(/\s+/)[0])).toEqual([
      "local-notes",
      "pdf-tools",
      "release-notes",
    ]);
    const body = Buffer.byteLength(skillFile("local-notes"));
    expect(rows[0]).toMatch(
      new RegExp(`^local-notes\\s+builtin\\s+${body} B\\s+${body} B\\s+[0-9a-f]{12}$`),
    );
    // BODY is SKILL.md alone (what the payload bound counts), TREE every file of the skill.
    const pdfBody = Buffer.byteLength(sampleSkill("pdf-tools"));
    const pdfTree =
      pdfBody + statSync(join(SAMPLE_BUNDLE, "pdf-tools", "scripts", "extract.sh")).size;
    expect(rows[1]).toMatch(
      new RegExp(
        `^pdf-tools\\s+managed\\s+${pdfBody} B\\s+${pdfTree} B\\s+[0-9a-f]{12}\\s+Extract text and tables from PDF files`,
      ),
    );
    // Aligned: every column starts at the header's offset.
    for (const heading of ["ORIGIN", "BODY", "TREE", "DIGEST"]) {
      const at = lines[0]!.indexOf(heading);
      for (const row of rows) expect(row[at - 1]).toBe(" ");
      for (const row of rows) expect(row[at]).not.toBe(" ");
    }
    const refusedAt = lines.indexOf("refused:");
    expect(refusedAt).toBeGreaterThan(3);
    expect(lines[refusedAt + 1]).toMatch(/^ {2}wrong-title\s+identity-mismatch\s+\S/);
    expect(run.stdout).toMatch(/\nrevision [0-9a-f]{64}\n$/);

    const json = parseJson(await runBin(["list", "--json", ...args]));
    expect(json.ok).toBe(true);
    expect((json.index as { id: string; origin: string }[]).map((s) => [s.id, s.origin])).toEqual([
      ["local-notes", "builtin"],
      ["pdf-tools", "managed"],
      ["release-notes", "managed"],
    ]);
    expect(json.index).toContainEqual(
      expect.objectContaining({ id: "pdf-tools", bytes: pdfBody, treeBytes: pdfTree }),
    );
    expect(json.refused).toEqual([
      expect.objectContaining({ id: "wrong-title", code: "identity-mismatch" }),
    ]);
    expect(run.stdout).toContain(`revision ${json.revision as string}`);

    // show answers a refused id with the catalog's own reason, as list gave it.
    const shown = await runBin(["show", "wrong-title", "--json", ...args]);
    expect(shown.code).toBe(1);
    const reason = (json.refused as { reason: string }[])[0]!.reason;
    expect(parseJson(shown)).toMatchObject({
      ok: false,
      refusal: { code: "identity-mismatch" },
      message: reason,
    });
    expect(shown.stderr).toBe(`refused (identity-mismatch): ${reason}\n`);
  });

  it("shows a skill's report and its body, exactly", async () => {
    const { args, data } = makeRoots();
    expect((await runBin(["import", SAMPLE_BUNDLE, ...args])).code).toBe(0);
    const body = sampleSkill("pdf-tools");
    const run = await runBin(["show", "pdf-tools", ...args]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^id\s+pdf-tools\norigin\s+managed\npath\s+\S+SKILL\.md\ndigest\s+[0-9a-f]{64}\n/,
    );
    expect(run.stdout).toContain("description  Extract text and tables from PDF files");
    expect(run.stdout.endsWith(`\n\n${body}`)).toBe(true);

    const json = parseJson(await runBin(["show", "pdf-tools", "--json", ...args]));
    expect(json).toMatchObject({ ok: true, id: "pdf-tools", origin: "managed", text: body });
    expect(json.path).toBe(join(data, "skills", "pdf-tools", "SKILL.md"));
    expect(json.bytes).toBe(Buffer.byteLength(body));
  });

  it("refuses a second import unless --replace, and check gives the same verdict first", async () => {
    const { args } = makeRoots();
    expect((await runBin(["import", SAMPLE_BUNDLE, ...args])).code).toBe(0);

    const checked = await runBin(["check", SAMPLE_BUNDLE, "--json", ...args]);
    const imported = await runBin(["import", SAMPLE_BUNDLE, "--json", ...args]);
    expect(imported.code).toBe(1);
    expect(checked.code).toBe(1);
    expect(parseJson(checked)).toEqual(parseJson(imported));
    expect(parseJson(imported).refusal).toMatchObject({ code: "already-defined" });
    expect(imported.stderr).toContain((parseJson(imported) as { message: string }).message);

    const checkReplace = await runBin(["check", SAMPLE_BUNDLE, "--replace", ...args]);
    expect(checkReplace.code, checkReplace.stderr).toBe(0);
    expect(checkReplace.stdout).toMatch(/^would replace\s+pdf-tools/m);
    const replaced = await runBin(["import", SAMPLE_BUNDLE, "--replace", ...args]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/^replaced\s+pdf-tools\s/m);
    expect(replaced.stdout).toMatch(/^replaced\s+release-notes\s/m);
  });

  it("check accepts what import would, and writes nothing", async () => {
    const { args, data } = makeRoots();
    const run = await runBin(["check", SAMPLE_BUNDLE, "--json", ...args]);
    expect(run.code, run.stderr).toBe(0);
    expect(parseJson(run)).toEqual({
      ok: true,
      skills: [
        {
          id: "pdf-tools",
          files: [
            {
              path: "SKILL.md",
              bytes: Buffer.byteLength(sampleSkill("pdf-tools")),
              executable: false,
            },
            { path: "scripts/extract.sh", bytes: expect.any(Number), executable: true },
          ],
          signature: { status: "unsigned" },
        },
        {
          id: "release-notes",
          files: [
            {
              path: "SKILL.md",
              bytes: Buffer.byteLength(sampleSkill("release-notes")),
              executable: false,
            },
            { path: "references/style.md", bytes: expect.any(Number), executable: false },
          ],
          signature: { status: "unsigned" },
        },
      ],
      // release-notes declares its id by title: valid here, but not the specification's way.
      warnings: [
        {
          code: "missing-frontmatter",
          skill: "release-notes",
          field: "frontmatter",
          message: expect.stringMatching(/^The skill 'release-notes' has no frontmatter; /),
        },
      ],
      mcpWarnings: [
        {
          code: "mcp-unservable",
          skill: "release-notes",
          reason: expect.stringMatching(/^The skill 'release-notes' is not served over MCP: /),
        },
      ],
      // The sample hides nothing from a reader.
      findings: [],
    });
    expect(existsSync(data)).toBe(false);
    const human = await runBin(["check", SAMPLE_BUNDLE, ...args]);
    expect(human.stdout).toMatch(/^would install\s+pdf-tools\s+2 files/m);
    expect(human.stdout).toContain("nothing was written");
    expect(existsSync(data)).toBe(false);
  });

  it("check refuses a skill that the destination would refuse, as import does", async () => {
    const { args } = makeRoots();
    const bundle = writeTree(join(makeTempDir(), "bundle"), {
      "good-one/SKILL.md": skillFile("good-one"),
      "mislabelled/SKILL.md": skillFile("something-else"),
    });
    const checked = await runBin(["check", bundle, "--json", ...args]);
    const imported = await runBin(["import", bundle, "--json", ...args]);
    expect(checked.code).toBe(1);
    expect(parseJson(checked)).toEqual(parseJson(imported));
    expect(parseJson(checked).refusal).toMatchObject({
      code: "identity-mismatch",
      skill: "mislabelled",
    });
    // All or nothing: the good skill was not installed either.
    expect((parseJson(await runBin(["list", "--json", ...args])).index as unknown[]).length).toBe(
      0,
    );
  });

  it("removes a managed skill, and refuses builtin and unknown ones", async () => {
    const { args, workspace, data } = makeRoots();
    writeTree(join(workspace, "skills"), { "local-notes/SKILL.md": skillFile("local-notes") });
    expect((await runBin(["import", SAMPLE_BUNDLE, ...args])).code).toBe(0);

    const removed = await runBin(["remove", "release-notes", ...args]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/^removed release-notes from /);
    expect(readdirSync(join(data, "skills")).filter((n) => !n.startsWith("."))).toEqual([
      "pdf-tools",
    ]);

    const builtin = await runBin(["remove", "local-notes", "--json", ...args]);
    expect(builtin.code).toBe(1);
    expect(parseJson(builtin).refusal).toMatchObject({ code: "builtin-skill" });
    expect(existsSync(join(workspace, "skills", "local-notes", "SKILL.md"))).toBe(true);

    const unknown = await runBin(["remove", "release-notes", ...args]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toMatch(/^refused \(unknown-skill\): .*release-notes/);

    const shown = await runBin(["show", "release-notes", ...args]);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toMatch(/^refused \(unknown-skill\): /);
  });
});

describe("payload", () => {
  it("summarizes the payload, prints it with --json, and materializes skills.json with --out", async () => {
    const { args, workspace } = makeRoots();
    writeTree(join(workspace, "skills"), { "local-notes/SKILL.md": skillFile("local-notes") });
    expect((await runBin(["import", SAMPLE_BUNDLE, ...args])).code).toBe(0);
    const listed = parseJson(await runBin(["list", "--json", ...args]));

    const summary = await runBin(["payload", ...args]);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toMatch(/^local-notes\s+builtin\s+\d+ B\s+[0-9a-f]{12}$/m);
    expect(summary.stdout).toContain(`3 skills, `);
    expect(summary.stdout).toContain(`revision ${listed.revision as string}`);

    const json = parseJson(await runBin(["payload", "--json", ...args]));
    expect(json.ok).toBe(true);
    expect(json.revision).toBe(listed.revision);
    const skills = json.skills as { id: string; text: string }[];
    expect(skills.map((s) => s.id)).toEqual(["local-notes", "pdf-tools", "release-notes"]);
    expect(skills[1]!.text).toBe(sampleSkill("pdf-tools"));

    const out = join(makeTempDir(), "worker");
    const written = await runBin(["payload", "--out", out, "--json", ...args]);
    expect(written.code, written.stderr).toBe(0);
    const { ok, path, ...payload } = parseJson(written);
    expect(ok).toBe(true);
    expect(path).toBe(join(out, "skills.json"));
    expect(JSON.parse(readFileSync(join(out, "skills.json"), "utf8"))).toEqual(payload);

    const human = await runBin(["payload", "--out", out, ...args]);
    expect(human.stdout).toContain(`wrote ${join(out, "skills.json")}`);
  });
});
