// A catalog read costs a stored skill's YAML parse once per digest: listing
// the same skills again parses nothing, and an edited SKILL.md (new bytes,
// new digest) is parsed once more. The reader's parsers are wrapped to count
// their calls; what they answer is theirs.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as reader from "@skillshelf/bundle-reader";
import { describe, expect, it, vi } from "vitest";
import { listSkills, storedFindings, storedSpecWarnings } from "../src/index.js";
import { makeRoots, skillText, writeSkills } from "./trees.js";

vi.mock("@skillshelf/bundle-reader", async (importOriginal) => {
  const real = await importOriginal<typeof import("@skillshelf/bundle-reader")>();
  return {
    ...real,
    readFrontmatter: vi.fn(real.readFrontmatter),
    specWarningsOf: vi.fn(real.specWarningsOf),
    findingsOf: vi.fn(real.findingsOf),
  };
});

/** What one catalog read does with each offered skill: its identity, warnings and findings. */
async function readCatalog(roots: Awaited<ReturnType<typeof makeRoots>>) {
  const { catalog } = await listSkills(roots);
  for (const skill of catalog.skills) {
    storedSpecWarnings(skill);
    storedFindings(skill);
  }
  return catalog.skills.map((skill) => skill.id);
}

const calls = () => ({
  readFrontmatter: vi.mocked(reader.readFrontmatter).mock.calls.length,
  specWarningsOf: vi.mocked(reader.specWarningsOf).mock.calls.length,
  findingsOf: vi.mocked(reader.findingsOf).mock.calls.length,
});

describe("a catalog read", () => {
  it("parses each stored SKILL.md once per digest", async () => {
    const roots = await makeRoots();
    const ids = Array.from({ length: 20 }, (_, i) => `parse-once-${i}`);
    await writeSkills(
      roots.builtin,
      Object.fromEntries(
        ids.map((id) => [id, `---\nname: ${id}\ndescription: Does ${id}.\n---\n# ${id}\n`]),
      ),
    );
    vi.clearAllMocks();
    expect(await readCatalog(roots)).toEqual(ids.toSorted());
    expect(calls()).toEqual({ readFrontmatter: 20, specWarningsOf: 20, findingsOf: 20 });

    vi.clearAllMocks();
    await readCatalog(roots);
    await readCatalog(roots);
    expect(calls()).toEqual({ readFrontmatter: 0, specWarningsOf: 0, findingsOf: 0 });

    await writeFile(join(roots.builtin, ids[3]!, "SKILL.md"), `${skillText(ids[3]!)}\nEdited.\n`);
    vi.clearAllMocks();
    await readCatalog(roots);
    expect(calls()).toEqual({ readFrontmatter: 1, specWarningsOf: 1, findingsOf: 1 });
  });
});
