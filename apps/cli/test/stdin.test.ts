// `-` reads archive bytes from stdin: a .tgz, .tar or .zip piped in reads
// like the same file on disk, --name names a single skill at the archive's
// root, more than the reader's maxArchiveBytes() of input is refused as
// too-large without reading it all, and an empty stdin is refused by the
// reader like any other source.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { maxArchiveBytes } from "@skillshelf/contract";
import { describe, expect, it } from "vitest";
import { parseJson, runBin, SAMPLE_BUNDLE } from "./support/run.js";
import { makeRoots, makeTempDir, packFolder, skillFile, writeTree } from "./support/trees.js";

const MAX_BYTES = 64 * 1024 * 1024;

describe("stdin", () => {
  /** The sample bundle packed as `name` by the system's tar or Info-ZIP zip. */
  const pack = (name: string): string => {
    const archive = join(makeTempDir(), name);
    const parent = join(SAMPLE_BUNDLE, "..");
    if (name.endsWith(".zip"))
      execFileSync("zip", ["-qr", archive, "sample-bundle"], { cwd: parent });
    else packFolder(parent, "sample-bundle", archive);
    return archive;
  };

  it.each(["sample.tgz", "sample.tar", "sample.zip"])(
    "%s piped to check - reads like the file",
    async (name) => {
      const { args } = makeRoots();
      const archive = pack(name);
      const fromFile = await runBin(["check", archive, "--json", ...args]);
      const fromStdin = await runBin(["check", "-", "--json", ...args], { inputFile: archive });
      expect(fromStdin.code, fromStdin.stderr).toBe(0);
      expect(parseJson(fromStdin)).toEqual(parseJson(fromFile));
      expect((parseJson(fromStdin).skills as { id: string }[]).map((s) => s.id)).toEqual([
        "pdf-tools",
        "release-notes",
      ]);
    },
  );

  it("imports from stdin, naming a bare single skill with --name", async () => {
    const { args } = makeRoots();
    const dir = makeTempDir();
    writeTree(join(dir, "bare"), { "SKILL.md": skillFile("piped-skill"), "notes.md": "n\n" });
    const archive = join(dir, "anything.tgz");
    // Pack the folder's contents, not the folder: the skill sits at the archive's root.
    packFolder(join(dir, "bare"), ".", archive);

    const unnamed = await runBin(["import", "-", "--json", ...args], { inputFile: archive });
    expect(unnamed.code).toBe(1);
    expect(parseJson(unnamed).refusal).toMatchObject({ code: "unnamed-skill" });

    const named = await runBin(["import", "-", "--name", "piped-skill", ...args], {
      inputFile: archive,
    });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toMatch(/^installed\s+piped-skill\s+2 files/);
  });

  it("refuses more than the reader's archive cap of input as too-large", async () => {
    const { args } = makeRoots();
    const run = await runBin(["check", "-", "--json", ...args], {
      input: new Uint8Array(maxArchiveBytes() + 1),
    });
    expect(run.code).toBe(1);
    expect(parseJson(run).refusal).toEqual({ code: "too-large", limit: MAX_BYTES });
    expect(run.stderr).toMatch(/^refused \(too-large\): The bundle expands to more than 64 MiB/);
  });

  it("refuses an empty stdin as the reader refuses empty bytes", async () => {
    const { args } = makeRoots();
    const run = await runBin(["check", "-", "--json", ...args], { input: "" });
    expect(run.code).toBe(1);
    const code = (parseJson(run).refusal as { code: string }).code;
    expect(["not-an-archive", "corrupt-archive", "no-skills"]).toContain(code);
  });
});
