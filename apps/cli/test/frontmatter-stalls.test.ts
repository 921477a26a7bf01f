// Bundles whose frontmatter once crashed or stalled the reader, through the
// built executable as an operator runs it: `check` and `import` of the .tgz
// answer a refusal with its code (exit 1), never exit 3 "this is a bug". The
// first once overflowed the stack in the findings' own parse of a SKILL.md the
// reader had already declined to parse.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildTarGz,
  type Case,
  costliestFrontmatter,
  deepBracketsPastSkillLimit,
} from "@skillshelf/conformance";
import { describe, expect, it } from "vitest";
import { parseJson, runBin } from "./support/run.js";
import { makeRoots, makeTempDir } from "./support/trees.js";

describe.each([
  { bundle: deepBracketsPastSkillLimit, code: "skill-file-too-large" },
  { bundle: costliestFrontmatter, code: "invalid-frontmatter" },
])("$bundle.name", ({ bundle, code }: { bundle: Case; code: string }) => {
  it.each(["check", "import"])(
    "%s: refused with its code, nothing installed",
    async (command) => {
      const { args } = makeRoots();
      const path = join(makeTempDir(), "bundle.tgz");
      writeFileSync(path, await buildTarGz(bundle));
      const run = await runBin([command, path, "--json", ...args]);
      expect(run.stderr).not.toContain("this is a bug");
      expect(run.code).toBe(1);
      expect(parseJson(run)).toMatchObject({ ok: false, refusal: { code } });
      const list = await runBin(["list", "--json", ...args]);
      expect(parseJson(list)).toMatchObject({ ok: true, index: [], refused: [] });
    },
    60_000,
  );
});
