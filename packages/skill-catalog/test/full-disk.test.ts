// A disk that fills up: every install answers store-failed, the skills
// already installed stay whole (with their records), and no lock owner file
// or staging directory is left behind. The child process runs with a
// file-size limit, so its writes past the limit fail as on a full disk.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { load, verify } from "../src/index.js";
import { requireBuild, startInstall } from "./child.js";
import { bundleSkill, makeRoots, namesIn, skillText } from "./trees.js";

describe("a full disk", () => {
  it("fails every install cleanly and leaks no lock files", async () => {
    await requireBuild();
    const roots = await makeRoots();
    const first = startInstall(
      roots,
      [bundleSkill("keep", { "SKILL.md": skillText("keep") })],
      false,
    );
    expect((await first.done).result).toMatchObject({ ok: true });
    for (const maxFileBytes of [0, 1024]) {
      // Past 0 bytes even the lock's owner file cannot be written; past
      // 1 KiB the lock is taken and the tree's large file fails mid-write.
      const big = bundleSkill("keep", {
        "SKILL.md": skillText("keep", "v2\n"),
        "big.md": "x".repeat(64 * 1024),
      });
      for (let attempt = 0; attempt < 3; attempt++) {
        const child = startInstall(roots, [big], true, { maxFileBytes });
        const { result } = await child.done;
        expect(result).toMatchObject({ ok: false, refusal: { code: "store-failed" } });
      }
      expect(await namesIn(join(roots.managedDir, ".staging"))).toEqual([]);
      expect(await load(roots, "keep")).toMatchObject({
        ok: true,
        skill: { text: skillText("keep") },
      });
      const verified = await verify(roots);
      expect(verified).toMatchObject({ ok: true, skills: [{ id: "keep", status: "unchanged" }] });
    }
  });
});
