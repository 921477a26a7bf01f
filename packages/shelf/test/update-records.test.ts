// update over spoilt install records, on real folders: a record of `null`,
// one without its tree, or a fifo refuses its own skill with `bad-record`,
// and the other skills of the same update are still read again and
// installed.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { makeTempDir, writeTree } from "@skillshelf/test-utils";
import { describe, expect, it } from "vitest";
import { shelfOver } from "../src/index.js";

const spoilers: { name: string; spoil: (record: string) => void }[] = [
  { name: "null", spoil: (record) => writeFileSync(record, "null") },
  {
    name: "a record without its tree",
    spoil: (record) => writeFileSync(record, JSON.stringify({ id: "alpha", tool: "t" })),
  },
  {
    name: "a fifo",
    spoil: (record) => {
      rmSync(record);
      execFileSync("mkfifo", [record]);
    },
  },
];

describe("update over a spoilt record", () => {
  it.each(spoilers)("$name refuses only its own skill", async ({ spoil }) => {
    const dir = makeTempDir();
    writeTree(join(dir, "src"), {
      "alpha/SKILL.md": "# alpha\n\nv1\n",
      "beta/SKILL.md": "# beta\n\nv1\n",
    });
    const data = join(dir, "data");
    const shelf = shelfOver({ builtin: join(dir, "ws"), managed: new DirectoryStore(data) }, "t 1");
    expect((await shelf.import({ kind: "path", path: join(dir, "src") })).ok).toBe(true);
    spoil(join(data, ".records", "alpha.json"));
    writeFileSync(join(dir, "src", "beta", "SKILL.md"), "# beta\n\nv2\n");
    expect(await shelf.update()).toMatchObject({
      ok: true,
      skills: [
        { id: "alpha", status: "refused", refusal: { code: "bad-record", skill: "alpha" } },
        { id: "beta", status: "updated" },
      ],
    });
  });
});
