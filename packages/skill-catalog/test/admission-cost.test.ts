// Admitting an install reads no body but the incoming ones: the builtin root
// is looked up for the incoming ids only, and the store tells its usage from
// sizes. The same install into roots of 10 and of 2,000 skills each opens and
// reads the same files; only the size look-ups grow with the roots.
import { join } from "node:path";
import { countCalls } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { install } from "../src/index.js";
import { bundleSkill, directoryRoots, makeTempDir, skillText, writeSkills } from "./trees.js";

const readCalls = {
  "node:fs": ["open", "openSync", "read", "readSync", "readFile", "readFileSync"],
  "node:fs/promises": ["open", "readFile"],
};

async function rootsHolding(count: number) {
  const dir = await makeTempDir();
  const skills = (prefix: string) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => {
        const id = `${prefix}-${String(i).padStart(4, "0")}`;
        return [id, skillText(id)];
      }),
    );
  const roots = directoryRoots(join(dir, "ws", "skills"), join(dir, "data", "skills"));
  await writeSkills(roots.builtin, skills("builtin"));
  await writeSkills(roots.managedDir, skills("managed"));
  return roots;
}

describe("admission", () => {
  it("opens and reads the same files whether the roots hold 10 or 2,000 skills", async () => {
    const incoming = () => [bundleSkill("incoming", { "SKILL.md": skillText("incoming") })];
    const counted = async (count: number) => {
      const roots = await rootsHolding(count);
      let result: Awaited<ReturnType<typeof install>> | undefined;
      const calls = await countCalls(async () => {
        result = await install(roots, incoming());
      }, readCalls);
      expect(result).toMatchObject({ ok: true, installed: [{ id: "incoming" }] });
      return calls;
    };
    const small = await counted(10);
    const large = await counted(2_000);
    expect(large).toEqual(small);
  });
});
